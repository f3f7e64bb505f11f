'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { MIN_NAME_LENGTH, useFieldRules } from '@/components/ui/field-rules';
import { TextField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { formatPhone } from '@/components/ui/phone-number';
import { useToast } from '@/components/ui/toasts';
import { ApiCallError } from '@/lib/http/client';
import { membersApi, type MemberView } from './members-api';
import { RoleSelect } from './role-select';
import { useMemberErrors } from './use-member-errors';

/** Answers about one field, shown under it rather than in a dialog. */
const FIELD_CODES: Record<string, 'name' | 'role'> = {
  nameNotEditable: 'name',
  roleNotAllowed: 'role',
  ownRole: 'role',
  lastOwner: 'role',
};

/**
 * Changes a member's name and role (PUT /api/accounts/{userId}). Whether the name may change is the server's call
 * (only the person, or an admin while the invitation is not accepted): its refusal is shown under the field.
 */
export function EditMemberDialog({
  member,
  callerRole,
  isSelf,
  onClose,
  onSaved,
}: {
  member: MemberView;
  callerRole: string | null;
  isSelf: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTranslations('members');
  const rules = useFieldRules();
  const toast = useToast();
  const errors = useMemberErrors();
  const [name, setName] = useState(member.name);
  const [role, setRole] = useState<string>(member.role);
  const [fieldErrors, setFieldErrors] = useState<{ name?: string; role?: string }>({});
  const [busy, setBusy] = useState(false);
  const roleLocked = isSelf || member.role === 'owner';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const change: { name?: string; role?: string } = {};
    if (name.trim() !== member.name) change.name = name.trim();
    if (role !== member.role) change.role = role;
    const nameError = change.name === undefined ? undefined : rules.text(t('fields.name'), name, MIN_NAME_LENGTH);
    setFieldErrors({ name: nameError });
    if (nameError) return;
    if (Object.keys(change).length === 0) return onClose();
    setBusy(true);
    try {
      await membersApi.update(member.userId, change);
      toast(t('edit.saved', { name: change.name ?? member.name }));
      onSaved();
    } catch (error) {
      const code = error instanceof ApiCallError ? error.code : undefined;
      const field = code ? FIELD_CODES[code] : undefined;
      if (code && field) setFieldErrors({ [field]: t(`edit.refused.${code}`) });
      else await errors.report('update', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      id="edit-member"
      title={t('edit.title')}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('edit.submit')}
      cancelLabel={t('cancel')}
      busy={busy}
      dense
    >
      <p className="muted">{[member.email, member.phone && formatPhone(member.phone)].filter(Boolean).join(' · ')}</p>
      <TextField
        label={t('fields.name')}
        name="name"
        value={name}
        onChange={setName}
        autoComplete="off"
        required
        error={fieldErrors.name}
        hint={isSelf ? undefined : t('edit.nameHint')}
      />
      <RoleSelect
        value={role}
        onChange={setRole}
        callerRole={callerRole}
        disabled={roleLocked}
        error={fieldErrors.role}
        hint={roleLocked ? t(isSelf ? 'edit.ownRoleHint' : 'edit.ownerRoleHint') : undefined}
      />
    </FormDialog>
  );
}
