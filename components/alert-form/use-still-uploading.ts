'use client';

import { useTranslations } from 'next-intl';
import { useDialogs } from '@/components/ui/dialogs';

/** True, after saying so, while files are still uploading: sending or saving the form waits for them. */
export function useStillUploading(): (uploading: boolean) => Promise<boolean> {
  const t = useTranslations('newAlert.attachments');
  const dialogs = useDialogs();
  return async (uploading) => {
    if (!uploading) return false;
    await dialogs.text({ type: 'info', title: t('stillUploadingTitle'), message: t('stillUploading') });
    return true;
  };
}
