'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { formatDateTime } from '@/components/ui/format-date';
import { TextAreaField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { ApiCallError } from '@/lib/http/client';
import { MAX_SALES_ANSWER } from '@/lib/sales/sales-fields';
import { operatorApi, type AnsweredSalesRequest, type OperatorSalesRequest } from './operator-api';
import { SalesRequestSummary } from './sales-request-summary';
import styles from './operator.module.css';

/**
 * Answers a sales request, once: the dialog says who gets the answer by e-mail (nobody when the requester's account is
 * deleted or they left the company; the company's admins see it either way). When another operator answered first,
 * it says so and the list is read again.
 */
export function AnswerSalesRequestDialog({
  request,
  onClose,
  onAnswered,
  onAnsweredElsewhere,
}: {
  request: OperatorSalesRequest;
  onClose: () => void;
  onAnswered: (answered: AnsweredSalesRequest) => void;
  onAnsweredElsewhere: () => void;
}) {
  const t = useTranslations('operator.salesRequests');
  const tOperator = useTranslations('operator');
  const dialogs = useDialogs();
  const [answer, setAnswer] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const trimmed = answer.trim();
  const error =
    trimmed.length > MAX_SALES_ANSWER
      ? t('answerTooLong', { max: MAX_SALES_ANSWER })
      : tried && trimmed === ''
        ? t('answerMissing')
        : null;

  async function send(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (trimmed === '' || trimmed.length > MAX_SALES_ANSWER || busy) return;
    setBusy(true);
    try {
      onAnswered(await operatorApi.answerSalesRequest(request.id, trimmed));
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiCallError && failure.status === 409) {
        await dialogs.text({ type: 'info', title: t('alreadyAnsweredTitle'), message: t('alreadyAnsweredMessage') });
        onAnsweredElsewhere();
        return;
      }
      await dialogs.error(t('answerErrorTitle'), t('answerErrorMessage'), failure);
    }
  }

  const company = request.company.name;
  const { requester } = request;
  const intro = !requester
    ? t('dialogIntroDeleted', { company })
    : requester.inCompany
      ? t('dialogIntro', { name: requester.name, email: requester.email, company })
      : t('dialogIntroLeft', { name: requester.name, company });

  return (
    <FormDialog
      id="answer-sales-request"
      title={t('dialogTitle', { company })}
      intro={intro}
      onSubmit={send}
      onClose={() => !busy && onClose()}
      submitLabel={t('send')}
      cancelLabel={tOperator('cancel')}
      busy={busy}
    >
      <div className={`${styles.stack} ${styles.asked}`}>
        <span className="muted small">
          {t('askedBy', { name: requester?.name ?? t('formerMember'), at: formatDateTime(request.at) })}
        </span>
        <SalesRequestSummary request={request} />
      </div>
      <TextAreaField
        label={t('answerLabel')}
        name="sales-answer"
        value={answer}
        onChange={setAnswer}
        rows={6}
        hint={t('answerHint', { count: trimmed.length, max: MAX_SALES_ANSWER })}
        error={error}
        required
      />
    </FormDialog>
  );
}
