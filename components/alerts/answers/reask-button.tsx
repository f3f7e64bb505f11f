'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton } from '@/components/ui/form';
import { useToast } from '@/components/ui/toasts';
import { alertApi } from '../alert-api';

/** "Ask again": the question once more to the `unanswered` people, after a confirmation that says how many. */
export function ReaskButton({ alertId, unanswered }: { alertId: string; unanswered: number }) {
  const t = useTranslations('answers.reask');
  const dialogs = useDialogs();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function reask() {
    const confirmed = await dialogs.text({
      type: 'warning',
      title: t('title'),
      message: t('message', { count: unanswered }),
      confirmLabel: t('confirm'),
      cancelLabel: t('cancel'),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      const asked = await alertApi.reask(alertId);
      toast(t('done', { count: asked.people }));
    } catch (error) {
      await dialogs.error(t('errorTitle'), t('errorMessage'), error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <BusyButton className="button" busy={busy} onClick={() => void reask()}>
      {t('button')}
    </BusyButton>
  );
}
