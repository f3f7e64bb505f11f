'use client';

import { useTranslations } from 'next-intl';
import { PageHeader } from '@/components/ui/page-header';
import { ChannelTestSection } from './channel-test-section';
import { CompaniesSection } from './companies-section';
import { InstanceSettingsSection } from './instance-settings-section';
import { RecordedEmailsSection } from './recorded-emails-section';
import { SalesRequestsSection } from './sales-requests-section';
import styles from './operator.module.css';

/**
 * /operator, for the install's operators only (issue 35): who may sign up and what a new company starts with, a test
 * of each channel with its provider's answer, then every company with its plan, seats, features and state, changed or
 * suspended from here (or `npm run operator`); the companies' sales requests, answered from here; and every e-mail the
 * outbox recorded, when no SMTP server sends them.
 */
export function OperatorPage() {
  const t = useTranslations('operator');
  return (
    <main className={`console-page ${styles.page}`}>
      <PageHeader title={t('title')} description={t('description')} />
      <InstanceSettingsSection />
      <ChannelTestSection />
      <CompaniesSection />
      <SalesRequestsSection />
      <RecordedEmailsSection />
    </main>
  );
}
