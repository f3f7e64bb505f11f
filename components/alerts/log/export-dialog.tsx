'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { saveFile } from '@/components/ui/save-file';
import { useDialogs } from '@/components/ui/dialogs';
import { TextField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { useToast } from '@/components/ui/toasts';
import { alertApi } from '../alert-api';
import { defaultExportRange, exportRangeProblem, MAX_EXPORT_DAYS } from './export-range';
import styles from '../alerts.module.css';

/** Admins: the alerts sent between two days (inclusive) as a CSV file, saved by the browser. */
export function ExportDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations('alerts.log.export');
  const locale = useLocale();
  const dialogs = useDialogs();
  const toast = useToast();
  const [range, setRange] = useState(() => defaultExportRange(new Date()));
  const [problem, setProblem] = useState<ReturnType<typeof exportRangeProblem>>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = exportRangeProblem(range.from, range.to);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      const { blob, fileName } = await alertApi.exportCsv({ ...range, locale });
      saveFile(blob, fileName ?? `alerts-${range.from}-${range.to}.csv`);
      toast(t('done'));
      onClose();
    } catch (error) {
      await dialogs.error(t('errorTitle'), t('errorMessage'), error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      id="export"
      title={t('title')}
      intro={t('intro', { days: MAX_EXPORT_DAYS })}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('submit')}
      cancelLabel={t('cancel')}
      busy={busy}
      error={problem ? t(`problems.${problem}`, { days: MAX_EXPORT_DAYS }) : null}
      className={styles.exportDialog}
    >
      <div className={styles.rangeFields}>
        <TextField
          label={t('from')}
          name="from"
          type="date"
          value={range.from}
          onChange={(from) => setRange((current) => ({ ...current, from }))}
          required
        />
        <TextField
          label={t('to')}
          name="to"
          type="date"
          value={range.to}
          onChange={(to) => setRange((current) => ({ ...current, to }))}
          required
        />
      </div>
    </FormDialog>
  );
}
