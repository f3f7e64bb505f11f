'use client';

import { useTranslations } from 'next-intl';
import { TextAreaField, TextField } from '@/components/ui/form';
import { MAX_MESSAGE, MAX_TITLE } from './alert-form';

const FORM_IDS = { title: 'field-title', message: 'field-message' };

/**
 * The alert's title and message (spec §5: at least 3 characters each; at most `limits`, an alert's by default).
 * `brief` (a dialog that sends prefilled texts, a scenario start): no guidance, only the count of the trimmed message.
 */
export function MessageFields({
  title,
  message,
  onTitle,
  onMessage,
  titleError,
  messageError,
  limits = { title: MAX_TITLE, message: MAX_MESSAGE },
  ids = FORM_IDS,
  brief = false,
}: {
  title: string;
  message: string;
  onTitle: (title: string) => void;
  onMessage: (message: string) => void;
  titleError?: string;
  messageError?: string;
  limits?: { title: number; message: number };
  ids?: { title: string; message: string };
  brief?: boolean;
}) {
  const t = useTranslations('newAlert.fields');
  const messageHint = brief
    ? t('messageCount', { count: message.trim().length, max: limits.message })
    : t('messageHint', { count: message.length, max: limits.message });
  return (
    <>
      <TextField
        id={ids.title}
        label={t('title')}
        name="title"
        value={title}
        onChange={onTitle}
        error={titleError}
        hint={brief ? undefined : t('titleHint')}
        autoComplete="off"
        maxLength={limits.title}
        required
      />
      <TextAreaField
        id={ids.message}
        label={t('message')}
        name="message"
        rows={5}
        maxLength={limits.message}
        value={message}
        onChange={onMessage}
        required
        hint={messageHint}
        error={messageError}
      />
    </>
  );
}
