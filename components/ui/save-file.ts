/** Lets the browser save a downloaded file under the given name (an object URL on a temporary a[download]). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
