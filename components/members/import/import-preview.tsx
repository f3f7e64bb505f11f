'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { SEATS_SETTINGS_HREF, useSeatLimitMessage } from '../use-member-errors';
import type { Preview } from './import-plan';
import { ProblemRows } from './problem-rows';
import styles from './import.module.css';

/** What adding the file would do: counts by status, the seat warning, and exactly the rows with problems. */
export function ImportPreview({ preview }: { preview: Preview }) {
  const t = useTranslations('members.import');
  const tSeats = useTranslations('members.seatLimit');
  const seatMessage = useSeatLimitMessage();
  const { counts } = preview;
  const toAdd = counts.new + counts.existing;
  const problems = preview.rows.filter((row) => row.status === 'invalid');
  return (
    <div data-testid="import-preview">
      <ul className={styles.counts}>
        <Count testId="count-new" value={counts.new} label={t('counts.new')} />
        <Count testId="count-existing" value={counts.existing} label={t('counts.existing')} />
        <Count testId="count-member" value={counts.member} label={t('counts.member')} />
        <Count
          testId="count-invalid"
          value={counts.invalid}
          label={t('counts.invalid')}
          tone={counts.invalid > 0 ? 'danger' : undefined}
        />
      </ul>
      {toAdd > preview.seatsAvailable && (
        <p className="notice" role="alert" data-testid="import-seat-warning">
          {t('seatWarning', { needed: toAdd, available: preview.seatsAvailable })} {seatMessage}{' '}
          <Link href={SEATS_SETTINGS_HREF}>{tSeats('settingsLink')}</Link>
        </p>
      )}
      {problems.length > 0 ? (
        <>
          <h3 className={styles.subheading}>{t('problemsHeading', { count: problems.length })}</h3>
          <p className="muted small">{t('problemsIntro')}</p>
          <ProblemRows
            rows={problems.map((row) => ({ row, codes: row.codes, errors: row.errors }))}
            testId="problem-rows"
          />
        </>
      ) : (
        <p className={styles.allGood}>{t('noProblems')}</p>
      )}
    </div>
  );
}

export function Count({
  value,
  label,
  testId,
  tone,
}: {
  value: number;
  label: string;
  testId: string;
  tone?: 'danger' | 'success';
}) {
  return (
    <li className={`${styles.count}${tone ? ` ${styles[tone]}` : ''}`} data-testid={testId}>
      <span className={styles.countValue}>{value}</span>
      <span className={styles.countLabel}>{label}</span>
    </li>
  );
}
