'use client';

import { useCallback, useRef, useState } from 'react';
import { uploadFile } from '@/components/ui/upload-file';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@/lib/attachments/attachment-caps';
import { alertApi, type UploadedAttachment } from '../alert-api';

export interface PendingUpload {
  /** Local id of the row. */
  id: number;
  name: string;
  size: number;
  contentType: string;
  /** Set once the file is in storage. */
  key: string | null;
}

export type UploadProblem =
  { kind: 'tooMany' } | { kind: 'tooLarge'; name: string } | { kind: 'failed'; error: unknown };

/**
 * Files attached to a message before it is sent: each is put straight into storage through a signed upload link, and
 * removed again through a delete link when taken off. `base` is where the links live (attachmentsBase, or a scenario's).
 * `uploaded()` gives what the send body's `attachments` needs.
 */
export function useAttachmentUploads(base: string, onProblem: (problem: UploadProblem) => void) {
  const [files, setFiles] = useState<PendingUpload[]>([]);
  const nextId = useRef(1);
  const count = useRef(0);

  const add = useCallback(
    (chosen: File[]) => {
      for (const file of chosen) {
        if (count.current >= MAX_ATTACHMENTS) {
          onProblem({ kind: 'tooMany' });
          return;
        }
        if (file.size > MAX_ATTACHMENT_BYTES) {
          onProblem({ kind: 'tooLarge', name: file.name });
          continue;
        }
        const row: PendingUpload = {
          id: nextId.current++,
          name: file.name,
          size: file.size,
          contentType: file.type || 'application/octet-stream',
          key: null,
        };
        count.current += 1;
        setFiles((current) => [...current, row]);
        void (async () => {
          try {
            const target = await alertApi.uploadLink(base, row);
            await uploadFile(target, file);
            setFiles((current) =>
              current.map((other) => (other.id === row.id ? { ...other, key: target.key } : other)),
            );
          } catch (error) {
            count.current -= 1;
            setFiles((current) => current.filter((other) => other.id !== row.id));
            onProblem({ kind: 'failed', error });
          }
        })();
      }
    },
    [base, onProblem],
  );

  const remove = useCallback(
    async (row: PendingUpload) => {
      count.current -= 1;
      setFiles((current) => current.filter((other) => other.id !== row.id));
      if (!row.key) return;
      try {
        const target = await alertApi.deleteLink(base, { name: row.name, key: row.key });
        await fetch(target.url, { method: target.method });
      } catch {
        // Removing is tidying up: an upload that is not claimed by a message is never shown anywhere.
      }
    },
    [base],
  );

  const clear = useCallback(() => {
    count.current = 0;
    setFiles([]);
  }, []);

  const uploading = files.some((file) => file.key === null);
  const uploaded = (): UploadedAttachment[] =>
    files.flatMap((file) => (file.key ? [{ key: file.key, name: file.name }] : []));
  return { files, add, remove, clear, uploading, uploaded };
}
