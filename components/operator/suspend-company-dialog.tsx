'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { TextAreaField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { operatorApi, type OperatorCompany } from './operator-api';

/** Suspends a company, with the reason kept for the operators. */
export function SuspendCompanyDialog({
  company,
  onClose,
  onSuspended,
}: {
  company: OperatorCompany;
  onClose: () => void;
  onSuspended: (saved: OperatorCompany) => void;
}) {
  const t = useTranslations('operator');
  const dialogs = useDialogs();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const error = tried && reason.trim() === '' ? t('companies.reasonMissing') : null;

  async function suspend(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (reason.trim() === '') return;
    setSaving(true);
    try {
      onSuspended(await operatorApi.suspend(company.id, reason.trim()));
    } catch (failure) {
      await dialogs.error(t('companies.suspendErrorTitle'), t('companies.suspendErrorMessage'), failure);
      setSaving(false);
    }
  }

  return (
    <FormDialog
      id="suspend-company"
      title={t('companies.suspendTitle', { name: company.name })}
      intro={t('companies.suspendIntro')}
      onSubmit={suspend}
      onClose={onClose}
      submitLabel={t('companies.suspend')}
      cancelLabel={t('cancel')}
      busy={saving}
    >
      <TextAreaField
        label={t('companies.reason')}
        name="suspend-reason"
        value={reason}
        onChange={setReason}
        maxLength={500}
        error={error}
        required
      />
    </FormDialog>
  );
}
