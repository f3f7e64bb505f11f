'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { ManagedBadge } from '@/components/directory/managed-badge';
import { DataTable } from '@/components/ui/data-table';
import { formatPhone } from '@/components/ui/phone-number';
import type { MemberView } from './members-api';
import { useRoleLabel } from './role-select';
import styles from './members.module.css';

export interface MemberActions {
  edit: (member: MemberView) => void;
  remove: (member: MemberView) => void;
  restore: (member: MemberView) => void;
}

/**
 * The members as a table (cards on a phone): who they are, their role, whether they have the app, and what can be done.
 * Members Entra ID provisions are changed there: no edit, remove or restore here (spec §6).
 */
export function MemberTable({
  members,
  selfId,
  actions,
  busyId,
}: {
  members: MemberView[];
  selfId: string | null;
  actions: MemberActions;
  busyId: string | null;
}) {
  const t = useTranslations('members');
  return (
    <DataTable
      caption={t('table.caption')}
      columns={[
        t('fields.name'),
        t('fields.phone'),
        t('fields.role'),
        <span className="sr-only">{t('table.actions')}</span>,
      ]}
      className={styles.table}
    >
      {members.map((member) => (
        <MemberRow
          key={member.userId}
          member={member}
          isSelf={member.userId === selfId}
          actions={actions}
          busy={busyId === member.userId}
        />
      ))}
    </DataTable>
  );
}

function MemberRow({
  member,
  isSelf,
  actions,
  busy,
}: {
  member: MemberView;
  isSelf: boolean;
  actions: MemberActions;
  busy: boolean;
}) {
  const t = useTranslations('members');
  const tDirectory = useTranslations('directory.managed');
  const format = useFormatter();
  const roleLabel = useRoleLabel();
  const restoreBy = member.restorableUntil
    ? format.dateTime(new Date(member.restorableUntil), { dateStyle: 'medium' })
    : null;
  return (
    <tr className={member.softDeleted ? styles.removedRow : undefined} data-testid="member-row">
      <td className={styles.personCell}>
        <span className={styles.avatar} aria-hidden="true">
          {member.name.trim().charAt(0).toUpperCase()}
        </span>
        <span className={styles.person}>
          <span className={styles.name}>
            {member.name}
            {isSelf && <span className={styles.you}> {t('table.you')}</span>}
          </span>
          <span className={styles.email}>{member.email}</span>
          {member.lastTestReceivedAt && (
            <span className={styles.email}>
              {t('table.lastTest', {
                date: format.dateTime(new Date(member.lastTestReceivedAt), { dateStyle: 'medium', timeStyle: 'short' }),
              })}
            </span>
          )}
          <span className={styles.badges}>
            {member.invitedAt ? (
              <span className={`${styles.badge} ${styles.removedBadge}`} title={t('badges.invitedHint')}>
                {t('badges.invited')}
              </span>
            ) : (
              member.softDeleted && (
                <span className={`${styles.badge} ${styles.removedBadge}`}>{t('badges.removed')}</span>
              )
            )}
            {!member.softDeleted && !member.hasApp && (
              <span
                className={`${styles.badge} ${styles.smsBadge}`}
                title={t(member.pushLost ? 'badges.pushLostHint' : 'badges.smsOnlyHint')}
              >
                {t(member.pushLost ? 'badges.pushLost' : 'badges.smsOnly')}
              </span>
            )}
            {member.smsOptOut && (
              <span
                className={`${styles.badge} ${styles.smsOptedOutBadge}`}
                title={t(member.smsOptOut === 'twilio' ? 'badges.smsOptedOutTwilioHint' : 'badges.smsOptedOutHint')}
                data-testid="sms-opted-out"
              >
                {t('badges.smsOptedOut')}
                <span className="sr-only">
                  {': '}
                  {t(member.smsOptOut === 'twilio' ? 'badges.smsOptedOutTwilioHint' : 'badges.smsOptedOutHint')}
                </span>
              </span>
            )}
            {member.managed && <ManagedBadge />}
          </span>
        </span>
      </td>
      <td className={styles.phoneCell}>{formatPhone(member.phone ?? '')}</td>
      <td className={styles.roleCell}>{roleLabel(member.role)}</td>
      <td className={styles.actionsCell}>
        {member.managed ? (
          <span className={styles.deadline}>{tDirectory('changeThere')}</span>
        ) : member.softDeleted ? (
          <div className={styles.actions}>
            {restoreBy && <span className={styles.deadline}>{t('table.restoreUntil', { date: restoreBy })}</span>}
            <button
              type="button"
              className="button"
              onClick={() => actions.restore(member)}
              disabled={busy}
              aria-busy={busy || undefined}
              aria-label={t('table.restoreLabel', { name: member.name })}
            >
              {t('table.restore')}
            </button>
          </div>
        ) : (
          <div className={styles.actions}>
            <button
              type="button"
              className="button ghost"
              onClick={() => actions.edit(member)}
              aria-label={t('table.editLabel', { name: member.name })}
            >
              {t('table.edit')}
            </button>
            <button
              type="button"
              className={`button ghost ${styles.removeButton}`}
              onClick={() => actions.remove(member)}
              disabled={isSelf || busy}
              aria-busy={busy || undefined}
              aria-label={t('table.removeLabel', { name: member.name })}
            >
              {t('table.remove')}
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}
