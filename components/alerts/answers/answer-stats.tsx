'use client';

import { useLocale, useTranslations } from 'next-intl';
import { ColourChip } from '@/components/ui/colour-chip';
import type { AlertDetail } from '../alert-api';
import { FilterChip, StatsBar } from '../stats-parts';
import { ANSWER_COLOURS, ANSWER_ORDER, type AnswerFilter } from './answer-colours';
import styles from '../alerts.module.css';

type AnswerCounts = AlertDetail['answers'];

interface Filter {
  selected: AnswerFilter | null;
  onSelect: (answer: AnswerFilter | null) => void;
}

/**
 * How the people alerted answered: "accounted for" (answered) out of all, a bar of the answers in their colours, and a
 * chip per answer (needs help first); with `filter` each chip picks the people with that answer (again: everyone).
 */
export function AnswerStatsView({ counts, filter }: { counts: AnswerCounts; filter?: Filter }) {
  const t = useTranslations('answers');
  const number = new Intl.NumberFormat(useLocale());
  const total = counts.accountedFor + counts.none;
  const counted = ANSWER_ORDER.filter((answer) => counts[answer] > 0);
  const chip = (answer: AnswerFilter) => {
    const shown = (
      <ColourChip
        className={styles.chip}
        label={t(`kinds.${answer}`)}
        colour={ANSWER_COLOURS[answer]}
        count={number.format(counts[answer])}
        data={{ 'data-state': answer }}
      />
    );
    return filter ? (
      <FilterChip
        pressed={filter.selected === answer}
        onClick={() => filter.onSelect(filter.selected === answer ? null : answer)}
      >
        {shown}
      </FilterChip>
    ) : (
      shown
    );
  };
  return (
    <div className={styles.stats} data-testid="answer-stats">
      <p className={styles.accountedFor}>
        {t('accountedForOf', { count: number.format(counts.accountedFor), total: number.format(total) })}
      </p>
      {total > 0 && (
        <StatsBar
          parts={counted.map((answer) => ({ key: answer, count: counts[answer], colour: ANSWER_COLOURS[answer] }))}
          label={counted.map((answer) => `${t(`kinds.${answer}`)} ${number.format(counts[answer])}`).join(', ')}
        />
      )}
      <ul className={styles.statsChips} aria-label={t('statsLabel')}>
        {filter && (
          <li>
            <FilterChip pressed={filter.selected === null} onClick={() => filter.onSelect(null)}>
              <ColourChip className={styles.chip} label={t('everyone')} count={number.format(total)} />
            </FilterChip>
          </li>
        )}
        {(filter ? ANSWER_ORDER : counted).map((answer) => (
          <li key={answer}>{chip(answer)}</li>
        ))}
      </ul>
    </div>
  );
}
