'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { HOME_PATH } from '@/components/session/paths';
import { useRequireLogin } from '@/components/session/use-require-login';
import { MIN_NAME_LENGTH, useFieldRules } from '@/components/ui/field-rules';
import { useDialogs } from '@/components/ui/dialogs';
import { SubmitButton, TextField } from '@/components/ui/form';
import { CompanyIcon } from '@/components/ui/icons';
import { session } from '@/lib/http/client';
import { companiesApi } from './companies-api';
import styles from './companies.module.css';

/** Creates a company owned by the user and makes it the current one. */
export function NewCompanyForm() {
  const loggedIn = useRequireLogin();
  const t = useTranslations('newCompany');
  const dialogs = useDialogs();
  const rules = useFieldRules();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = rules.text(t('name'), name, MIN_NAME_LENGTH);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const company = await companiesApi.create(name.trim());
      session.setCustomerId(company.customerId);
      // A full load, so that everything on the next page reads the new company.
      window.location.assign(HOME_PATH);
    } catch (failure) {
      setBusy(false);
      await dialogs.error(t('errorTitle'), t('errorMessage'), failure);
    }
  }

  if (!loggedIn) return null;
  return (
    <main className={styles.page}>
      <section className={`card ${styles.card}`} aria-labelledby="new-company-heading">
        <span className={styles.icon} aria-hidden="true">
          <CompanyIcon size={24} />
        </span>
        <h1 id="new-company-heading">{t('heading')}</h1>
        <p className="muted">{t('intro')}</p>
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label={t('name')}
            name="companyName"
            value={name}
            onChange={(value) => {
              setName(value);
              setError(undefined);
            }}
            autoComplete="organization"
            required
            autoFocus
            error={error}
          />
          <div className={styles.actions}>
            <Link href="/profile" className="button">
              {t('cancel')}
            </Link>
            <SubmitButton busy={busy}>{t('submit')}</SubmitButton>
          </div>
        </form>
      </section>
    </main>
  );
}
