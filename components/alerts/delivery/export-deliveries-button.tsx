'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton } from '@/components/ui/form';
import { DownloadIcon } from '@/components/ui/icons';
import { saveFile } from '@/components/ui/save-file';
import { useToast } from '@/components/ui/toasts';
import { alertApi } from '../alert-api';

/** Downloads the whole delivery report (every person and channel, with the answers) as a CSV file in this language. */
export function ExportDeliveriesButton({ alertId }: { alertId: string }) {
  const t = useTranslations('alerts.delivery.export');
  const locale = useLocale();
  const dialogs = useDialogs();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const { blob, fileName } = await alertApi.exportDeliveries(alertId, locale);
      saveFile(blob, fileName ?? `delivery-${alertId}.csv`);
      toast(t('done'));
    } catch (error) {
      await dialogs.error(t('errorTitle'), t('errorMessage'), error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <BusyButton className="button" busy={busy} onClick={() => void download()}>
      <DownloadIcon />
      {t('button')}
    </BusyButton>
  );
}
