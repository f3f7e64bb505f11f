'use client';

import { useTranslations } from 'next-intl';
import { useRowProblems } from '../row-problems';
import type { FailedRow } from './import-plan';
import styles from './import.module.css';

/** The file's rows that were or would be refused: row number, the values as typed, and each problem in words. */
export function ProblemRows({ rows, testId }: { rows: FailedRow[]; testId: string }) {
  const t = useTranslations('members');
  const rowProblems = useRowProblems();
  const showRole = rows.some(({ row }) => row.role);
  return (
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={t('import.problemsTable')}>
      <table className={styles.problems} data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('import.row')}</th>
            <th scope="col">{t('fields.name')}</th>
            <th scope="col">{t('fields.email')}</th>
            <th scope="col">{t('fields.phone')}</th>
            {showRole && <th scope="col">{t('fields.role')}</th>}
            <th scope="col">{t('import.problem')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ row, codes, errors }) => (
            <tr key={row.row} data-row={row.row}>
              <td className={styles.rowNumber}>{row.row}</td>
              <td>{row.name || <span className={styles.blank}>{t('import.blank')}</span>}</td>
              <td>{row.email || <span className={styles.blank}>{t('import.blank')}</span>}</td>
              <td className={styles.phone}>{row.phone || <span className={styles.blank}>{t('import.blank')}</span>}</td>
              {showRole && <td>{row.role}</td>}
              <td>
                <ul className={styles.problemList}>
                  {rowProblems(codes, errors).map((text, i) => (
                    <li key={i}>{text}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
