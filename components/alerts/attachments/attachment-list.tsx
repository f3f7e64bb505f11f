'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useDialogs } from '@/components/ui/dialogs';
import { DocumentIcon, DownloadIcon } from '@/components/ui/icons';
import { attachmentKind } from '@/lib/alerts/attachment-kind';
import { formatFileSize } from '@/lib/alerts/format-file-size';
import { shortFileName } from '@/lib/alerts/short-file-name';
import type { AttachmentView } from '../alert-api';
import styles from '../alerts.module.css';

/**
 * Spec §2 Attachments: each file shown by its type — a picture (opens the preview dialog, closed by Escape), a video or
 * a sound with the browser's player, or a document — with its name cut to 11 characters, its size and a download link.
 */
export function AttachmentList({ attachments, label }: { attachments: AttachmentView[]; label: string }) {
  if (attachments.length === 0) return null;
  return (
    <ul className={styles.attachments} aria-label={label}>
      {attachments.map((attachment) => (
        <li key={attachment.id} className={styles.attachment} data-kind={attachmentKind(attachment.contentType)}>
          <AttachmentItem attachment={attachment} />
        </li>
      ))}
    </ul>
  );
}

function AttachmentItem({ attachment }: { attachment: AttachmentView }) {
  const t = useTranslations('alerts.attachments');
  const locale = useLocale();
  const dialogs = useDialogs();
  const kind = attachmentKind(attachment.contentType);
  const caption = (
    <span className={styles.attachmentCaption}>
      <span className={styles.attachmentName} title={attachment.name}>
        {shortFileName(attachment.name)}
      </span>
      <span className={styles.attachmentSize}>{formatFileSize(attachment.size, locale)}</span>
      <a
        className={styles.attachmentDownload}
        href={attachment.presignedUrl}
        download={attachment.name}
        aria-label={t('download', { name: attachment.name })}
        title={t('download', { name: attachment.name })}
      >
        <DownloadIcon />
      </a>
    </span>
  );
  return (
    <>
      {kind === 'image' && (
        <button
          type="button"
          className={styles.imageButton}
          onClick={() => dialogs.image(attachment.url, attachment.name)}
          aria-label={t('preview', { name: attachment.name })}
        >
          {}
          <img src={attachment.url} alt="" loading="lazy" />
        </button>
      )}
      {kind === 'video' && (
        <video className={styles.media} src={attachment.url} controls preload="metadata" aria-label={attachment.name}>
          <track kind="captions" />
        </video>
      )}
      {kind === 'audio' && (
        <audio className={styles.audio} src={attachment.url} controls preload="none" aria-label={attachment.name} />
      )}
      {kind === 'document' && (
        <a
          className={styles.documentLink}
          href={attachment.presignedUrl}
          download={attachment.name}
          aria-label={t('download', { name: attachment.name })}
        >
          <DocumentIcon size={28} strokeWidth={1.5} />
        </a>
      )}
      {caption}
    </>
  );
}
