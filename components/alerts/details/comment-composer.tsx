'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { CheckboxField, SubmitButton, TextAreaField } from '@/components/ui/form';
import { CloseIcon, PaperclipIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toasts';
import { formatFileSize } from '@/lib/alerts/format-file-size';
import { shortFileName } from '@/lib/alerts/short-file-name';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@/lib/attachments/attachment-caps';
import { isNoAnswer } from '@/lib/http/client';
import { alertApi, attachmentsBase, type AlertComment } from '../alert-api';
import { useAttachmentUploads, type UploadProblem } from '../attachments/use-attachment-uploads';
import segmented from '@/components/ui/segmented.module.css';
import styles from '../alerts.module.css';

/** Comments are at most this long (contract). */
const MAX_MESSAGE = 2000;

type Mode = 'comment' | 'update';

/**
 * Writes on the timeline: a comment (anyone who sees the alert), or for admins and the sender an update that may close
 * the alert. Files go up through the comments' upload link before the message is posted.
 */
export function CommentComposer({
  alertId,
  canUpdate,
  onPosted,
  onOffline,
}: {
  alertId: string;
  canUpdate: boolean;
  onPosted: (comment: AlertComment, closed: boolean) => void;
  /**
   * Given (the responder), a comment without files that finds no network is handed here to wait for it, with the id
   * that makes sending it again post it once; otherwise the failure is shown.
   */
  onOffline?: (reply: { clientId: string; message: string }) => void;
}) {
  const t = useTranslations('alerts');
  const locale = useLocale();
  const dialogs = useDialogs();
  const toast = useToast();
  const ids = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<Mode>('comment');
  const [message, setMessage] = useState('');
  const [closing, setClosing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const update = canUpdate && mode === 'update';

  const onProblem = useCallback(
    (problem: UploadProblem) => {
      if (problem.kind === 'failed')
        void dialogs.error(t('errorTitles.comment'), t('composer.uploadFailed'), problem.error);
      else
        setError(
          problem.kind === 'tooMany'
            ? t('composer.tooMany', { max: MAX_ATTACHMENTS })
            : t('composer.tooLarge', { name: problem.name, max: formatFileSize(MAX_ATTACHMENT_BYTES, locale) }),
        );
    },
    [dialogs, t, locale],
  );
  const uploads = useAttachmentUploads(attachmentsBase(alertId), onProblem);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = message.trim();
    if (!text) {
      setError(t('composer.messageRequired'));
      return;
    }
    setError(null);
    setBusy(true);
    const attachments = uploads.uploaded();
    const clientId = onOffline && !update ? crypto.randomUUID() : undefined;
    try {
      const posted = update
        ? await alertApi.update(alertId, { message: text, attachments, complete: closing })
        : await alertApi.comment(alertId, { message: text, attachments, clientId });
      setMessage('');
      setClosing(false);
      uploads.clear();
      toast(update ? (closing ? t('composer.closedDone') : t('composer.updateDone')) : t('composer.commentDone'));
      onPosted(posted, update && closing);
    } catch (failure) {
      if (onOffline && clientId && attachments.length === 0 && isNoAnswer(failure)) {
        onOffline({ clientId, message: text });
        setMessage('');
        return;
      }
      await dialogs.error(
        update ? t('errorTitles.update') : t('errorTitles.comment'),
        update ? t('composer.updateFailed') : t('composer.commentFailed'),
        failure,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.composer} onSubmit={submit} noValidate aria-label={t('composer.label')}>
      {canUpdate && (
        <div
          className={`${segmented.segmented} ${styles.modeSwitch}`}
          role="radiogroup"
          aria-label={t('composer.modeLabel')}
        >
          {(['comment', 'update'] as const).map((option) => (
            <label key={option} className={segmented.segment} data-checked={mode === option || undefined}>
              <input
                type="radio"
                name={`${ids}-mode`}
                value={option}
                checked={mode === option}
                onChange={() => setMode(option)}
                className="sr-only"
              />
              {t(`composer.modes.${option}`)}
            </label>
          ))}
        </div>
      )}
      <TextAreaField
        id={`${ids}-message`}
        label={update ? t('composer.updateLabel') : t('composer.commentLabel')}
        value={message}
        onChange={setMessage}
        maxLength={MAX_MESSAGE}
        rows={3}
        error={error}
        inputClassName={styles.textarea}
      />
      {uploads.files.length > 0 && (
        <ul className={styles.pendingFiles} aria-label={t('composer.filesLabel')}>
          {uploads.files.map((file) => (
            <li key={file.id}>
              {file.key === null && <span className="spinner" aria-hidden="true" />}
              <span title={file.name}>{shortFileName(file.name)}</span>
              <span className={styles.attachmentSize}>
                {file.key === null ? t('composer.uploading') : formatFileSize(file.size, locale)}
              </span>
              <button
                type="button"
                className="icon-button"
                onClick={() => void uploads.remove(file)}
                aria-label={t('composer.removeFile', { name: file.name })}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      {update && (
        <CheckboxField
          name="complete"
          label={t('composer.closeAlert')}
          hint={t('composer.closeHint')}
          checked={closing}
          onChange={setClosing}
        />
      )}
      <div className={styles.composerActions}>
        <input
          ref={fileInput}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="comment-files"
          onChange={(event) => {
            uploads.add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <button type="button" className="button" onClick={() => fileInput.current?.click()}>
          <PaperclipIcon />
          {t('composer.attach')}
        </button>
        <SubmitButton busy={busy} disabled={uploads.uploading}>
          {update ? t('composer.postUpdate') : t('composer.postComment')}
        </SubmitButton>
      </div>
    </form>
  );
}
