import type { Prisma } from '@/lib/generated/prisma/client';
import { storage } from '@/lib/providers/storage/storage';

const ATTACHMENT_LINK_SECONDS = 60 * 60;

export const attachmentViewSelect = {
  id: true,
  name: true,
  storageKey: true,
  size: true,
  contentType: true,
} satisfies Prisma.AttachmentSelect;

/** Files in the order they were attached (rows claimed together share a time: then by name). */
export const attachmentOrder = [
  { createdAt: 'asc' },
  { name: 'asc' },
] satisfies Prisma.AttachmentOrderByWithRelationInput[];

export type AttachmentRow = Prisma.AttachmentGetPayload<{ select: typeof attachmentViewSelect }>;

/**
 * An attachment as the API shows it (spec §3): `url` shows the file inline (img, video, audio), `presignedUrl`
 * downloads it under its name. Both are storage links valid for an hour, no bearer needed.
 */
export async function attachmentView(attachment: AttachmentRow) {
  const files = storage();
  const [url, presignedUrl] = await Promise.all([
    files.downloadUrl(attachment.storageKey, { expiresInSeconds: ATTACHMENT_LINK_SECONDS }),
    files.downloadUrl(attachment.storageKey, { expiresInSeconds: ATTACHMENT_LINK_SECONDS, fileName: attachment.name }),
  ]);
  return {
    id: attachment.id,
    name: attachment.name,
    url,
    presignedUrl,
    size: attachment.size,
    contentType: attachment.contentType,
  };
}

export type AttachmentView = Awaited<ReturnType<typeof attachmentView>>;
