'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { formatDateTime } from '@/components/ui/format-date';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { useApiData } from '@/components/ui/use-api-data';
import {
  MAX_SALES_MESSAGE,
  MAX_SALES_PHONE,
  MAX_SEATS_WANTED,
  SALES_PLANS,
  SALES_TOPICS,
  salesFieldProblem,
  type SalesField,
  type SalesTopic,
} from '@/lib/sales/sales-fields';
import { salesRequestsQuery, settingsApi, type SalesRequest, type SalesRequests } from './settings-api';
import styles from './settings.module.css';

/**
 * "Contact sales" (issue 19): a button opening the request form, whether this installation e-mails requests anywhere,
 * and the company's earlier requests. `topic`: what the form starts with (the seats section asks for more seats).
 */
export function ContactSales({ topic }: { topic: SalesTopic }) {
  const t = useTranslations('companySettings.contactSales');
  const dialogs = useDialogs();
  const [open, setOpen] = useState(false);
  // A list nobody asked for: a failure to load it is said in its place (with a retry), not in a dialog.
  const { state, reload, setData } = useApiData(salesRequestsQuery, () => undefined);

  async function sent(request: SalesRequest) {
    setOpen(false);
    if (state.status === 'loaded') setData({ ...state.data, items: [request, ...state.data.items] });
    await dialogs.text(
      request.sentTo
        ? { type: 'info', title: t('sentTitle'), message: t('sentMessage', { address: request.sentTo }) }
        : { type: 'info', title: t('recordedTitle'), message: t('recordedMessage') },
    );
  }

  return (
    <div className={styles.contactSales} data-testid="contact-sales">
      <h3 className={styles.subheading}>{t('heading')}</h3>
      <p className="muted">{t('intro')}</p>
      {state.status === 'loaded' && !state.data.salesEmailConfigured && (
        <p className="muted small" data-testid="no-sales-address">
          {t('noAddress')}
        </p>
      )}
      <div>
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t('button')}
        </button>
      </div>
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && <LoadFailed message={t('loadErrorMessage')} onRetry={reload} />}
      {state.status === 'loaded' && <EarlierRequests requests={state.data} />}
      {open && <ContactSalesDialog topic={topic} onClose={() => setOpen(false)} onSent={sent} />}
    </div>
  );
}

function EarlierRequests({ requests }: { requests: SalesRequests }) {
  const t = useTranslations('companySettings.contactSales');
  if (requests.items.length === 0) return null;
  return (
    <>
      <h4 className={styles.subheading}>{t('historyHeading')}</h4>
      <ul className={styles.changes} data-testid="sales-requests">
        {requests.items.map((request) => (
          <li key={request.id}>
            <time dateTime={request.at}>{formatDateTime(request.at)}</time>{' '}
            {t('request', {
              name: request.by?.name ?? t('someone'),
              topic: request.topic ? t(`topics.${request.topic}`) : t('noTopic'),
            })}{' '}
            <span className="muted">
              ({request.sentTo ? t('emailed', { address: request.sentTo }) : t('notEmailed')})
            </span>
            {request.answeredAt && (
              <div className={styles.salesAnswer} data-testid="sales-answer">
                <p className="muted small">
                  {request.answeredBy
                    ? t('answeredBy', { at: formatDateTime(request.answeredAt), name: request.answeredBy.name })
                    : t('answeredAt', { at: formatDateTime(request.answeredAt) })}
                </p>
                <p className={styles.salesAnswerText}>{request.answer}</p>
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function ContactSalesDialog({
  topic: initialTopic,
  onClose,
  onSent,
}: {
  topic: SalesTopic;
  onClose: () => void;
  onSent: (request: SalesRequest) => void;
}) {
  const t = useTranslations('companySettings.contactSales');
  const dialogs = useDialogs();
  const [topic, setTopic] = useState<SalesTopic>(initialTopic);
  const [seatsWanted, setSeatsWanted] = useState('');
  const [planWanted, setPlanWanted] = useState('');
  const [message, setMessage] = useState('');
  const [phone, setPhone] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);

  const fields: SalesField[] = [
    { name: 'topic', value: topic },
    { name: 'seatsWanted', value: topic === 'moreSeats' ? seatsWanted.trim() : '' },
    { name: 'planWanted', value: topic === 'otherPlan' ? planWanted : '' },
    { name: 'message', value: message.trim() },
    { name: 'phone', value: phone.trim() },
  ].filter((field) => field.value !== '');

  const seatsError =
    seatsWanted.trim() !== '' && salesFieldProblem('seatsWanted', seatsWanted.trim())
      ? t('seatsWantedInvalid', { max: MAX_SEATS_WANTED })
      : undefined;
  const messageError =
    message.trim().length > MAX_SALES_MESSAGE
      ? t('messageTooLong', { max: MAX_SALES_MESSAGE })
      : attempted && topic === 'other' && message.trim() === ''
        ? t('messageRequired')
        : undefined;
  const invalid = Boolean(seatsError || messageError) || (topic === 'other' && message.trim() === '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (invalid || busy) return;
    setBusy(true);
    try {
      onSent(await settingsApi.contactSales(fields));
    } catch (error) {
      setBusy(false);
      await dialogs.error(t('errorTitle'), t('errorMessage'), error);
    }
  }

  return (
    <FormDialog
      id="contact-sales"
      title={t('dialogTitle')}
      intro={t('dialogIntro')}
      onSubmit={submit}
      onClose={() => !busy && onClose()}
      submitLabel={t('send')}
      cancelLabel={t('cancel')}
      busy={busy}
    >
      <SelectField
        label={t('topic')}
        name="topic"
        value={topic}
        onChange={(value) => setTopic(value as SalesTopic)}
        options={SALES_TOPICS.map((value) => ({ value, label: t(`topics.${value}`) }))}
      />
      {topic === 'moreSeats' && (
        <TextField
          label={t('seatsWanted')}
          name="seatsWanted"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_SEATS_WANTED}
          step={1}
          value={seatsWanted}
          onChange={setSeatsWanted}
          error={seatsError}
          className={styles.narrow}
        />
      )}
      {topic === 'otherPlan' && (
        <SelectField
          label={t('planWanted')}
          name="planWanted"
          value={planWanted}
          onChange={setPlanWanted}
          options={[
            { value: '', label: t('anyPlan') },
            ...SALES_PLANS.map((plan) => ({ value: plan, label: t(`plans.${plan}`) })),
          ]}
          className={styles.narrow}
        />
      )}
      <TextAreaField
        label={t('message')}
        name="message"
        value={message}
        onChange={setMessage}
        rows={4}
        hint={t('messageHint', { count: message.trim().length, max: MAX_SALES_MESSAGE })}
        error={messageError}
      />
      <TextField
        label={t('phone')}
        name="phone"
        type="tel"
        autoComplete="tel"
        maxLength={MAX_SALES_PHONE}
        value={phone}
        onChange={setPhone}
        hint={t('phoneHint')}
        className={styles.narrow}
      />
    </FormDialog>
  );
}
