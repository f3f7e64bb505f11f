'use client';

import { useTranslations } from 'next-intl';
import { TextAreaField, TextField } from '@/components/ui/form';
import { MAX_MESSAGE, MAX_TITLE } from './alert-form';

/** The alert's title and message (spec §5: at least 3 characters each; at most `limits`, an alert's by default). */
export function MessageFields({
  title,
  message,
  onTitle,
  onMessage,
  titleError,
  messageError,
  limits = { title: MAX_TITLE, message: MAX_MESSAGE },
}: {
  title: string;
  message: string;
  onTitle: (title: string) => void;
  onMessage: (message: string) => void;
  titleError?: string;
  messageError?: string;
  limits?: { title: number; message: number };
}) {
  const t = useTranslations('newAlert.fields');
  return (
    <>
      <TextField
        id="field-title"
        label={t('title')}
        name="title"
        value={title}
        onChange={onTitle}
        error={titleError}
        hint={t('titleHint')}
        autoComplete="off"
        maxLength={limits.title}
        required
      />
      <TextAreaField
        id="field-message"
        label={t('message')}
        name="message"
        rows={5}
        maxLength={limits.message}
        value={message}
        onChange={onMessage}
        required
        hint={t('messageHint', { count: message.length, max: limits.message })}
        error={messageError}
      />
    </>
  );
}
