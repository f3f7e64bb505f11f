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
import styles from './alert-form.module.css';

const ACCEPT =
  'image/*,video/*,audio/*,application/pdf,text/plain,text/csv,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf';

/**
 * Files sent with the alert: the limits, the files of an opened draft, new files (uploaded at once through a signed
 * link, removable), and a refusal of too many or too large files (`notice`). With `onRemoveSaved` (a scenario being
 * edited) the saved files can be taken off too.
 */
export function AttachmentsField({
  uploads,
  saved,
  notice,
  onRemoveSaved,
}: {
  uploads: ReturnType<typeof useAttachmentUploads>;
  saved: AttachmentView[];
  notice: string | null;
  onRemoveSaved?: (file: AttachmentView) => void;
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
      {!onRemoveSaved && <AttachmentList attachments={saved} label={t('savedLabel')} />}
      {(uploads.files.length > 0 || (onRemoveSaved && saved.length > 0)) && (
        <ul className={styles.files} aria-label={t('listLabel')}>
          {onRemoveSaved &&
            saved.map((file) => (
              <FileRow
                key={file.id}
                name={file.name}
                meta={formatFileSize(file.size, locale)}
                onRemove={() => onRemoveSaved(file)}
              />
            ))}
          {uploads.files.map((file) => (
            <FileRow
              key={file.id}
              name={file.name}
              meta={`${formatFileSize(file.size, locale)} · ${file.key ? t('uploaded') : t('uploading')}`}
              uploading={!file.key}
              onRemove={() => void uploads.remove(file)}
            />
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

/** One file of the list: its name and size (and progress while it goes up), with a button that takes it off. */
function FileRow({
  name,
  meta,
  uploading = false,
  onRemove,
}: {
  name: string;
  meta: string;
  uploading?: boolean;
  onRemove: () => void;
}) {
  const t = useTranslations('newAlert.attachments');
  return (
    <li className={styles.file}>
      <div className={styles.fileMain}>
        <span className={styles.fileName} title={name}>
          {shortFileName(name)}
        </span>
        <span className={styles.fileMeta}>{meta}</span>
        {uploading && <progress className={styles.progress} aria-label={t('progressLabel', { name })} />}
      </div>
      <button type="button" className="icon-button" onClick={onRemove} aria-label={t('remove', { name })}>
        <TrashIcon />
      </button>
    </li>
  );
}
