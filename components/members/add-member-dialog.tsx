'use client';

import { useTranslations } from 'next-intl';
import { useCompanyDialCodes } from '@/components/session/use-company-dial-codes';
import { useState, type FormEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { MIN_NAME_LENGTH, allValid, useFieldRules } from '@/components/ui/field-rules';
import { TextField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { PhoneInput, type PhoneValue } from '@/components/ui/phone-input';
import { toE164 } from '@/components/ui/phone-number';
import { useToast } from '@/components/ui/toasts';
import { membersApi, type AccountRow } from './members-api';
import { RoleSelect } from './role-select';
import { FIELD_OF_CODE, useRowProblems } from './row-problems';
import { useMemberErrors } from './use-member-errors';

type FieldErrors = Partial<Record<keyof AccountRow, string>>;

/** Adds one person (POST /api/accounts with one row): a new person gets an invitation, an existing one is added. */
export function AddMemberDialog({
  callerRole,
  onClose,
  onAdded,
}: {
  callerRole: string | null;
  onClose: () => void;
  onAdded: () => void;
}) {
  const t = useTranslations('members');
  const rules = useFieldRules();
  const dialogs = useDialogs();
  const toast = useToast();
  const errors = useMemberErrors();
  const rowProblems = useRowProblems();
  const { dialCodes, defaultDialCode } = useCompanyDialCodes();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState<PhoneValue>({ dialCode: '', localNumber: '' });
  const [role, setRole] = useState('user');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const phoneValue = phone.dialCode ? phone : { ...phone, dialCode: defaultDialCode };
  const e164 = toE164(phoneValue.dialCode, phoneValue.localNumber);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {
      name: rules.text(t('fields.name'), name, MIN_NAME_LENGTH),
      email: rules.email(t('fields.email'), email),
      phone: rules.phone(t('fields.phone'), phoneValue.localNumber, e164),
    };
    setFieldErrors(found);
    if (!allValid(found)) return;
    setBusy(true);
    try {
      const answer = await membersApi.add([{ name: name.trim(), email: email.trim(), phone: e164, role }]);
      if (answer.added.length > 0) {
        toast(t('add.added', { name: name.trim() }));
        onAdded();
        return;
      }
      if (answer.skipped.length > 0) {
        await dialogs.error(
          t('errors.notAdded.title'),
          t('errors.notAdded.message'),
          rowProblems(answer.skipped[0].codes),
        );
        return;
      }
      const failed = answer.failed[0];
      const byField: FieldErrors = {};
      const others: string[] = [];
      rowProblems(failed.codes, failed.errors).forEach((text, i) => {
        const field = FIELD_OF_CODE[failed.codes[i]];
        if (field) byField[field] = text;
        else others.push(text);
      });
      setFieldErrors(byField);
      if (others.length > 0)
        await dialogs.error(t('errors.notAdded.title'), t('errors.notAdded.message'), others.join('\n'));
    } catch (error) {
      await errors.report('add', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      id="add-member"
      title={t('add.title')}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('add.submit')}
      cancelLabel={t('cancel')}
      busy={busy}
      dense
    >
      <p className="muted">{t('add.intro')}</p>
      <TextField
        label={t('fields.name')}
        name="name"
        value={name}
        onChange={setName}
        autoComplete="off"
        required
        error={fieldErrors.name}
        autoFocus
      />
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        value={email}
        onChange={setEmail}
        autoComplete="off"
        required
        error={fieldErrors.email}
      />
      <PhoneInput
        label={t('fields.phone')}
        name="phone"
        value={phoneValue}
        onChange={setPhone}
        dialCodes={dialCodes}
        autoComplete="off"
        required
        error={fieldErrors.phone}
      />
      <RoleSelect value={role} onChange={setRole} callerRole={callerRole} error={fieldErrors.role} />
    </FormDialog>
  );
}
