'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { PeoplePickerDialog } from '@/components/ui/people-picker-dialog';
import type { CompanyMember } from '@/components/ui/ui-api';
import { useDialogs } from '@/components/ui/dialogs';
import { useToast } from '@/components/ui/toasts';
import { dashboardApi } from './dashboard-api';
import { DashboardCard } from './dashboard-card';
import styles from './dashboard.module.css';

const withoutApp = (member: CompanyMember) => 'hasApp' in member && !member.hasApp;

/** For admins when many users have no device yet (see needsAppReminder): pick people and send them the store links. */
export function ReminderCard({ usersWithoutDevices, usersCount }: { usersWithoutDevices: number; usersCount: number }) {
  const t = useTranslations('dashboard.reminder');
  const dialogs = useDialogs();
  const toast = useToast();
  const [picking, setPicking] = useState(false);

  async function send(userIds: string[]) {
    try {
      const { sent } = await dashboardApi.sendAppReminder(userIds);
      toast(t('sent', { count: sent }));
      setPicking(false);
    } catch (error) {
      await dialogs.error(t('errorTitle'), t('errorMessage'), error);
      throw error;
    }
  }

  return (
    <DashboardCard name="reminder" title={t('title')} className={styles.reminderCard}>
      <p className={styles.reminderText}>{t('message', { count: usersWithoutDevices, total: usersCount })}</p>
      <div>
        <button type="button" className="button primary" onClick={() => setPicking(true)}>
          {t('send')}
        </button>
      </div>
      {picking && (
        <PeoplePickerDialog
          title={t('dialogTitle')}
          intro={t('dialogText')}
          include={withoutApp}
          emptyText={t('none')}
          submitLabel={(count) => t('submit', { count })}
          onSubmit={send}
          onClose={() => setPicking(false)}
        />
      )}
    </DashboardCard>
  );
}
