'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { useToast } from '@/components/ui/toasts';
import { ApiCallError } from '@/lib/http/client';
import { missionsApi, type Mission } from './missions-api';

/**
 * Finishing a mission from the console: a warning to confirm, then the call (the mission busy meanwhile), a toast or
 * the error dialog. `onFinished` receives the finished mission.
 */
export function useFinishMission(onFinished: (mission: Mission) => void) {
  const t = useTranslations('missions.finish');
  const dialogs = useDialogs();
  const toast = useToast();
  const [finishingId, setFinishingId] = useState<string | null>(null);

  async function confirmAndFinish(mission: Pick<Mission, 'id' | 'user'>) {
    const name = mission.user.name;
    const confirmed = await dialogs.text({
      type: 'warning',
      title: t('confirmTitle'),
      message: t('confirmMessage', { name }),
      confirmLabel: t('confirm'),
      cancelLabel: t('cancel'),
    });
    if (!confirmed) return;
    setFinishingId(mission.id);
    try {
      onFinished(await missionsApi.finish(mission.id));
      toast(t('done', { name }));
    } catch (error) {
      const notOngoing = error instanceof ApiCallError && error.code === 'missionNotOngoing';
      await dialogs.error(t('errorTitle'), notOngoing ? t('notOngoing') : t('errorMessage'), error, {
        explained: notOngoing,
      });
    } finally {
      setFinishingId(null);
    }
  }

  return { finishingId, confirmAndFinish };
}
