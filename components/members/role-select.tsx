'use client';

import { useTranslations } from 'next-intl';
import { hasLevel } from '@/lib/auth/roles';
import type { Role } from '@/lib/generated/prisma/enums';
import { FieldMessages, useFieldIds } from '@/components/ui/form';

const ROLE_NAMES = new Set<string>(['owner', 'superAdmin', 'admin', 'teamadmin', 'billing', 'user']);

/** The translated name of a role (namespace companies.roles); an unknown role as is. */
export function useRoleLabel() {
  const t = useTranslations('companies.roles');
  return (role: string) => (ROLE_NAMES.has(role) ? t(role) : role);
}

/** Roles `callerRole` may give (contract: "owner" never, "superAdmin" only by a superAdmin or the owner). */
export function grantableRoles(callerRole: string | null): string[] {
  const roles = ['user', 'teamadmin', 'billing', 'admin'];
  return callerRole && ROLE_NAMES.has(callerRole) && hasLevel(callerRole as Role, 'superAdmin')
    ? [...roles, 'superAdmin']
    : roles;
}

export function RoleSelect({
  value,
  onChange,
  callerRole,
  disabled,
  error,
  hint,
}: {
  value: string;
  onChange: (role: string) => void;
  callerRole: string | null;
  disabled?: boolean;
  error?: string;
  hint?: string;
}) {
  const t = useTranslations('members');
  const roleLabel = useRoleLabel();
  const { inputId, hintId, errorId, describedBy } = useFieldIds('role', { hint, error });
  const roles = grantableRoles(callerRole);
  const options = roles.includes(value) ? roles : [value, ...roles];
  return (
    <div className={`field${error ? ' invalid' : ''}`}>
      <label htmlFor={inputId}>{t('fields.role')}</label>
      <select
        id={inputId}
        className="input"
        name="role"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {options.map((role) => (
          <option key={role} value={role} disabled={!roles.includes(role)}>
            {roleLabel(role)}
          </option>
        ))}
      </select>
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}
