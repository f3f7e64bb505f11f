'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { ChangeEvent } from 'react';
import type { AttachmentView } from '@/components/alerts/alert-api';
import { AttachmentList } from '@/components/alerts/attachments/attachment-list';
import type { useAttachmentUploads } from '@/components/alerts/attachments/use-attachment-uploads';
import { PaperclipIcon, TrashIcon } from '@/components/ui/icons';
import { formatFileSize } from '@/lib/alerts/format-file-size';
import { shortFileName } from '@/lib/alerts/short-file-name';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@/lib/attachments/attachment-caps';
import styles from './new-alert.module.css';

const ACCEPT =
  'image/*,video/*,audio/*,application/pdf,text/plain,text/csv,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf';

/**
 * Files sent with the alert: the limits, the files of an opened draft, new files (uploaded at once through a signed
 * link, removable), and a refusal of too many or too large files (`notice`).
 */
export function AttachmentsField({
  uploads,
  saved,
  notice,
}: {
  uploads: ReturnType<typeof useAttachmentUploads>;
  saved: AttachmentView[];
  notice: string | null;
}) {
  const t = useTranslations('newAlert.attachments');
  const locale = useLocale();
  const full = saved.length + uploads.files.length >= MAX_ATTACHMENTS;

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length > 0) uploads.add(chosen);
  }

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('legend')}</legend>
      <p className="field-hint" id="attachments-limits">
        {t('limits', { count: MAX_ATTACHMENTS, size: formatFileSize(MAX_ATTACHMENT_BYTES, locale) })}
      </p>
      <AttachmentList attachments={saved} label={t('savedLabel')} />
      {uploads.files.length > 0 && (
        <ul className={styles.files} aria-label={t('listLabel')}>
          {uploads.files.map((file) => (
            <li key={file.id} className={styles.file}>
              <div className={styles.fileMain}>
                <span className={styles.fileName} title={file.name}>
                  {shortFileName(file.name)}
                </span>
                <span className={styles.fileMeta}>
                  {formatFileSize(file.size, locale)} · {file.key ? t('uploaded') : t('uploading')}
                </span>
                {!file.key && (
                  <progress className={styles.progress} aria-label={t('progressLabel', { name: file.name })} />
                )}
              </div>
              <button
                type="button"
                className="icon-button"
                onClick={() => void uploads.remove(file)}
                aria-label={t('remove', { name: file.name })}
              >
                <TrashIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <p className="field-error" role="alert">
          {notice}
        </p>
      )}
      <div>
        <input
          id="attachment-files"
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          onChange={picked}
          aria-describedby="attachments-limits"
          disabled={full}
        />
        <label
          htmlFor="attachment-files"
          className={`button${full ? ` ${styles.disabledLabel}` : ''}`}
          aria-disabled={full || undefined}
        >
          <PaperclipIcon />
          {t('add')}
        </label>
      </div>
    </fieldset>
  );
}
