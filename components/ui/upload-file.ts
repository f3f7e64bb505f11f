/** A signed upload link from the API (GET /api/me/profilePhotoUploadLink). */
export interface UploadLink {
  url: string;
  method: string;
  headers: Record<string, string>;
  key: string;
  maxBytes: number;
}

/**
 * Sends the file's bytes straight to the storage behind the signed link. Plain fetch, not the API client: the URL
 * may be another host (S3) and carries its own signature, so no bearer token or API headers go with it.
 */
export async function uploadFile(link: UploadLink, file: Blob): Promise<void> {
  const response = await fetch(link.url, { method: link.method, headers: link.headers, body: file });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
}
