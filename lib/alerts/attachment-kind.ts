export type AttachmentKind = 'image' | 'video' | 'audio' | 'document';

/** Spec §2 Attachments: how a file is shown, by its type (anything that is not a picture, film or sound is a document). */
export function attachmentKind(contentType: string): AttachmentKind {
  const type = contentType.trim().toLowerCase();
  // An SVG can carry script: it is offered as a download, never shown inline.
  if (type.startsWith('image/') && type !== 'image/svg+xml') return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return 'document';
}
