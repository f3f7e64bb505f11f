'use client';

import { useTranslations } from 'next-intl';
import { useOptionWords } from '@/components/alert-form/option-words';
import { ColourChip } from '@/components/ui/colour-chip';
import { formatDateTime } from '@/components/ui/format-date';
import type { DeliveryRow } from '../alert-api';
import { ANSWER_COLOURS } from './answer-colours';
import styles from '../alerts.module.css';

/** A person's latest answer in the report: its words in its kind's colour, when and by which channel; or none yet. */
export function AnswerCell({ answer }: { answer: DeliveryRow['answer'] }) {
  const t = useTranslations('answers');
  const channels = useTranslations('answers.channels');
  const words = useOptionWords();
  if (!answer) return <span className="muted">{t('kinds.none')}</span>;
  return (
    <span className={styles.answerCell}>
      <ColourChip
        className={styles.chip}
        label={words(answer)}
        colour={ANSWER_COLOURS[answer.kind]}
        data={{ 'data-state': answer.kind }}
      />
      <span className={styles.channelTime}>
        {t('via', { channel: channels.has(answer.channel) ? channels(answer.channel) : answer.channel })}{' '}
        <time dateTime={answer.answeredAt}>{formatDateTime(answer.answeredAt)}</time>
      </span>
    </span>
  );
}
