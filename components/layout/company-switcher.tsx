'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import type { Me } from '@/components/session/me';
import { CheckIcon, ChevronDownIcon, ChevronUpIcon, PlusIcon } from '@/components/ui/icons';
import { session } from '@/lib/http/client';

/**
 * The company switcher (spec §2 Navigation): lists the user's companies; choosing one makes it the current company,
 * goes to / and reloads there. It also offers "create new company".
 */
export function CompanySwitcher({ me }: { me: Me }) {
  const t = useTranslations('nav');
  const listId = useId();
  const [open, setOpen] = useState(false);
  const current = me.customer;

  function choose(customerId: string) {
    session.setCustomerId(customerId);
    window.location.assign('/');
  }

  return (
    <div className="company-switcher">
      <button
        type="button"
        className="company-switcher-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="company-initial" aria-hidden="true">
          {(current?.customerName ?? '?').trim().charAt(0).toUpperCase()}
        </span>
        <span className="company-switcher-text">
          <span className="company-switcher-label">{t('company')}</span>
          <span className="company-switcher-name">{current?.customerName ?? t('noCompany')}</span>
        </span>
        {open ? <ChevronUpIcon size={16} /> : <ChevronDownIcon size={16} />}
        <span className="sr-only">{t('switchCompany')}</span>
      </button>
      {open && (
        <ul id={listId} className="company-switcher-list" aria-label={t('yourCompanies')}>
          {me.customers.map((company) => (
            <li key={company.customerId}>
              <button
                type="button"
                className="company-switcher-item"
                aria-current={company.customerId === current?.customerId ? 'true' : undefined}
                onClick={() => choose(company.customerId)}
              >
                {company.customerName}
                {company.customerId === current?.customerId && <CheckIcon size={16} strokeWidth={2.2} />}
              </button>
            </li>
          ))}
          <li>
            <Link href="/newCompany" className="company-switcher-item create" onClick={() => setOpen(false)}>
              <PlusIcon size={16} />
              {t('createCompany')}
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
