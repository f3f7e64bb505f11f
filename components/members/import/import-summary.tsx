'use client';

import { useTranslations } from 'next-intl';
import { useSeatLimitMessage } from '../use-member-errors';
import { rowRanges, type ImportOutcome } from './import-plan';
import { Count } from './import-preview';
import { ProblemRows } from './problem-rows';
import styles from './import.module.css';

/** The end of an import: how many were added, skipped (already members) and failed, the failed rows, and why it stopped. */
export function ImportSummary({ outcome }: { outcome: ImportOutcome }) {
  const t = useTranslations('members.import');
  const seatMessage = useSeatLimitMessage();
  const { stopped } = outcome;
  return (
    <div data-testid="import-summary">
      <ul className={styles.counts}>
        <Count testId="summary-added" value={outcome.added.length} label={t('summary.added')} tone="success" />
        <Count testId="summary-skipped" value={outcome.skipped.length} label={t('summary.skipped')} />
        <Count
          testId="summary-failed"
          value={outcome.failed.length}
          label={t('summary.failed')}
          tone={outcome.failed.length > 0 ? 'danger' : undefined}
        />
      </ul>
      {stopped && (
        <div className={`notice ${styles.stopped}`} role="alert" data-testid="import-stopped">
          <p>
            {t(`stopped.${stopped.reason}`)} {stopped.reason === 'seatLimit' && seatMessage}
          </p>
          {stopped.notAdded.length > 0 && (
            <p>
              {t('stopped.notAdded', {
                count: stopped.notAdded.length,
                rows: rowRanges(stopped.notAdded.map((row) => row.row)),
              })}
            </p>
          )}
        </div>
      )}
      {outcome.failed.length > 0 && (
        <>
          <h3 className={styles.subheading}>{t('summary.failedHeading', { count: outcome.failed.length })}</h3>
          <ProblemRows rows={outcome.failed} testId="failed-rows" />
        </>
      )}
    </div>
  );
}
