'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { PlusIcon } from '@/components/ui/icons';
import styles from './company-list.module.css';

export interface CompanyMembership {
  customerId: string;
  customerName: string;
  role: string;
}

const ROLES = new Set(['owner', 'superAdmin', 'admin', 'teamadmin', 'billing', 'user']);

/** The companies the user belongs to, the current one marked, and the way to create another. */
export function CompanyList({ companies, current }: { companies: CompanyMembership[]; current: string | null }) {
  const t = useTranslations('companies');
  return (
    <div className={styles.list}>
      {companies.length === 0 ? (
        <p className={styles.notice} role="note">
          {t('none')}
        </p>
      ) : (
        <ul>
          {companies.map((company) => (
            <li
              key={company.customerId}
              className={styles.company}
              aria-current={company.customerId === current ? 'true' : undefined}
            >
              <span className={styles.initial} aria-hidden="true">
                {company.customerName.trim().charAt(0).toUpperCase()}
              </span>
              <span className={styles.companyName}>{company.customerName}</span>
              <span className={styles.role}>{ROLES.has(company.role) ? t(`roles.${company.role}`) : company.role}</span>
              {company.customerId === current && <span className={styles.current}>{t('current')}</span>}
            </li>
          ))}
        </ul>
      )}
      <Link href="/newCompany" className={`button ${companies.length === 0 ? 'primary' : ''} ${styles.create}`}>
        <PlusIcon />
        {t('createNew')}
      </Link>
    </div>
  );
}
