'use client';

import { useTranslations } from 'next-intl';
import { MessageText } from '@/components/outbox/outbox-table';
import { SALES_PLANS, SALES_TOPICS } from '@/lib/sales/sales-fields';
import type { OperatorSalesRequest } from './operator-api';
import styles from './operator.module.css';

/** What a company asked for: the topic, the seats or plan wanted, the message (clamped when long) and a phone. */
export function SalesRequestSummary({ request }: { request: OperatorSalesRequest }) {
  const t = useTranslations('operator.salesRequests');
  const tForm = useTranslations('companySettings.contactSales');
  const value = (name: string) => request.fields.find((field) => field.name === name)?.value;
  const seatsWanted = value('seatsWanted');
  const planWanted = value('planWanted');
  const message = value('message');
  const phone = value('phone');
  const topic = SALES_TOPICS.find((known) => known === request.topic);
  const plan = SALES_PLANS.find((known) => known === planWanted);
  return (
    <>
      <span className={styles.strong}>{topic ? tForm(`topics.${topic}`) : t('noTopic')}</span>
      {seatsWanted && <span>{t('seatsWanted', { count: Number(seatsWanted) })}</span>}
      {planWanted && <span>{t('planWanted', { plan: plan ? tForm(`plans.${plan}`) : planWanted })}</span>}
      {message && <MessageText subject={null} body={message} />}
      {phone && <span className="muted small">{t('phone', { phone })}</span>}
    </>
  );
}
