'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { TrashIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toasts';
import { BusyButton } from '@/components/ui/form';
import { alertApi, type AlertDetail } from '../alert-api';
import styles from '../alerts.module.css';

/**
 * Admins and the sender (spec §4): close the alert (after a confirmation) and delete it (confirmed by typing the
 * phrase). Only a closed alert can be deleted; while it is active the delete button says why it is disabled.
 */
export function AlertActions({ alert, onClosed }: { alert: AlertDetail; onClosed: (alert: AlertDetail) => void }) {
  const t = useTranslations('alerts');
  const dialogs = useDialogs();
  const toast = useToast();
  const router = useRouter();
  const [busy, setBusy] = useState<'close' | 'delete' | null>(null);
  const active = alert.status === 'active';

  async function close() {
    const confirmed = await dialogs.text({
      type: 'warning',
      title: t('details.close.title'),
      message: t('details.close.message'),
      confirmLabel: t('details.close.confirm'),
      cancelLabel: t('details.cancel'),
    });
    if (!confirmed) return;
    setBusy('close');
    try {
      onClosed(await alertApi.close(alert.id));
      toast(t('details.close.done'));
    } catch (error) {
      await dialogs.error(t('errorTitles.close'), t('details.close.errorMessage'), error);
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    const confirmed = await dialogs.text({
      type: 'error',
      title: t('details.delete.title'),
      message: t('details.delete.message'),
      confirmLabel: t('details.delete.confirm'),
      cancelLabel: t('details.cancel'),
      verificationPhrase: t('details.delete.phrase'),
    });
    if (!confirmed) return;
    setBusy('delete');
    try {
      await alertApi.remove(alert.id);
      toast(t('details.delete.done'));
      router.push('/alerts');
    } catch (error) {
      setBusy(null);
      await dialogs.error(t('errorTitles.delete'), t('details.delete.errorMessage'), error);
    }
  }

  return (
    <div className={styles.actions}>
      {active && (
        <BusyButton className="button" onClick={close} disabled={busy !== null} busy={busy === 'close'}>
          {t('details.close.button')}
        </BusyButton>
      )}
      <button
        type="button"
        className="button danger"
        onClick={remove}
        disabled={active || busy !== null}
        aria-busy={busy === 'delete' || undefined}
        aria-describedby={active ? 'delete-disabled-reason' : undefined}
      >
        <TrashIcon />
        {t('details.delete.button')}
      </button>
      {active && (
        <p id="delete-disabled-reason" className={styles.actionHint}>
          {t('details.delete.onlyClosed')}
        </p>
      )}
    </div>
  );
}
