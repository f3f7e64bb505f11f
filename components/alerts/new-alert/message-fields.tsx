'use client';

import { useTranslations } from 'next-intl';
import { FieldMessages, TextField, useFieldIds } from '@/components/ui/form';
import { MAX_MESSAGE, MAX_TITLE } from './alert-form';

/** The alert's title and message (spec §5: at least 3 characters each). */
export function MessageFields({ title, message, onTitle, onMessage, titleError, messageError }: { title: string; message: string; onTitle: (title: string) => void; onMessage: (message: string) => void; titleError?: string; messageError?: string }) {
  const t = useTranslations('newAlert.fields');
  const ids = useFieldIds('message', { id: 'field-message', hint: true, error: messageError });
  return (
    <>
      <TextField id="field-title" label={t('title')} name="title" value={title} onChange={onTitle} error={titleError} hint={t('titleHint')} autoComplete="off" maxLength={MAX_TITLE} required />
      <div className={`field${messageError ? ' invalid' : ''}`}>
        <label htmlFor={ids.inputId}>{t('message')}</label>
        <textarea
          id={ids.inputId}
          className="input"
          name="message"
          rows={5}
          maxLength={MAX_MESSAGE}
          value={message}
          onChange={(event) => onMessage(event.target.value)}
          required
          aria-invalid={messageError ? true : undefined}
          aria-describedby={ids.describedBy}
        />
        <FieldMessages hintId={ids.hintId} hint={t('messageHint', { count: message.length, max: MAX_MESSAGE })} errorId={ids.errorId} error={messageError} />
      </div>
    </>
  );
}
