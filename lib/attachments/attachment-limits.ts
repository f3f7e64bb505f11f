import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from './attachment-caps';

export { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS };

const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/rtf',
]);
const DOCUMENT_TYPE_PREFIXES = [
  'application/vnd.openxmlformats-officedocument.',
  'application/vnd.oasis.opendocument.',
];
const MEDIA_PREFIXES = ['image/', 'video/', 'audio/'];
// An SVG is a document that can run script; shown inline from the bucket's origin it is not worth the risk.
const REFUSED_TYPES = new Set(['image/svg+xml']);

/** A bare MIME type as browsers report a file's type (`File.type`), lowercased; no parameters. */
export const contentTypeField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/)
  .max(200);

/** The `attachments` of an alert, comment or scenario body: uploads to claim, by key, under the name to show. */
export const attachmentUploadsField = z
  .array(z.object({ key: z.string().min(1).max(512), name: z.string().trim().min(1).max(200) }))
  .max(MAX_ATTACHMENTS);

export type AttachmentUpload = z.output<typeof attachmentUploadsField>[number];

export function isAllowedAttachmentType(contentType: string): boolean {
  const type = contentType.toLowerCase();
  if (REFUSED_TYPES.has(type)) return false;
  return (
    DOCUMENT_TYPES.has(type) || [...MEDIA_PREFIXES, ...DOCUMENT_TYPE_PREFIXES].some((prefix) => type.startsWith(prefix))
  );
}

/** 400 `attachmentType` for a type that is not an image, video, audio or office document; 413 `attachmentTooLarge` beyond 25 MB. */
export function assertAttachmentAllowed(file: { name: string; contentType: string | null; size: number }): void {
  if (!file.contentType || !isAllowedAttachmentType(file.contentType)) {
    throw ApiError.badRequest(`${file.name}: files of type ${file.contentType ?? 'unknown'} cannot be attached`).with({
      code: 'attachmentType',
    });
  }
  if (file.size > MAX_ATTACHMENT_BYTES) {
    throw ApiError.tooLarge(`${file.name} is larger than 25 MB`).with({ code: 'attachmentTooLarge' });
  }
}
