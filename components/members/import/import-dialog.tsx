'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState, type ChangeEvent } from 'react';
import { Modal, useDialogs } from '@/components/ui/dialogs';
import { parseImportFile } from '@/lib/members/parse-import-file';
import { MAX_BATCH_SIZE, membersApi } from '../members-api';
import { isSeatLimit, useMemberErrors } from '../use-member-errors';
import { addRows, checkRows, type ImportOutcome, type Preview } from './import-plan';
import { ImportPreview } from './import-preview';
import { ImportSummary } from './import-summary';
import styles from './import.module.css';

type Step =
  | { kind: 'pick' }
  | { kind: 'checking'; fileName: string; done: number; total: number }
  | { kind: 'preview'; fileName: string; preview: Preview }
  | { kind: 'adding'; fileName: string; preview: Preview; done: number; total: number }
  | { kind: 'summary'; fileName: string; outcome: ImportOutcome };

/** Import members from a .csv or .tsv file: pick, check (preview of the problem rows), add with progress, summary. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations('members.import');
  const tErrors = useTranslations('members.errors');
  const dialogs = useDialogs();
  const errors = useMemberErrors();
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const stopRequested = useRef(false);
  const busy = step.kind === 'checking' || step.kind === 'adding';

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again fires another change
    if (!file) return;
    const text = await file.text().catch(() => null);
    const parsed =
      text === null
        ? ({ ok: false, problem: 'unreadable', missingColumns: [] } as const)
        : parseImportFile(file.name, text);
    if (!parsed.ok) {
      const detail = t(`readError.${parsed.problem}`, { columns: parsed.missingColumns.join(', ') });
      await dialogs.error(t('readError.title'), t('readError.message', { file: file.name }), detail);
      return;
    }
    setStep({ kind: 'checking', fileName: file.name, done: 0, total: parsed.rows.length });
    try {
      const preview = await checkRows(parsed.rows, membersApi.check, (done, total) =>
        setStep({ kind: 'checking', fileName: file.name, done, total }),
      );
      setStep({ kind: 'preview', fileName: file.name, preview });
    } catch (error) {
      setStep({ kind: 'pick' });
      await dialogs.error(tErrors('check.title'), tErrors('check.message'), error);
    }
  }

  async function add(fileName: string, preview: Preview) {
    stopRequested.current = false;
    setStep({ kind: 'adding', fileName, preview, done: 0, total: preview.rows.length - preview.counts.invalid });
    const outcome = await addRows(
      preview,
      membersApi.add,
      (done, total) => setStep({ kind: 'adding', fileName, preview, done, total }),
      {
        isSeatLimit,
        shouldStop: () => stopRequested.current,
      },
    );
    setStep({ kind: 'summary', fileName, outcome });
    if (outcome.stopped?.reason === 'error') await errors.report('add', outcome.stopped.error);
  }

  return (
    <Modal className={styles.dialog} labelledBy="import-title" onDismiss={() => !busy && onClose()}>
      <div className={`dialog-content ${styles.content}`}>
        <h2 id="import-title">{t('title')}</h2>
        {step.kind === 'pick' && (
          <>
            <p className="muted">{t('intro')}</p>
            <div className={styles.columns}>
              <p>{t('columns')}</p>
              <code>name, email, phone, role</code>
              <p className="muted small">{t('columnsHint')}</p>
            </div>
            <label className={`button primary ${styles.pick}`}>
              <input
                type="file"
                accept=".csv,.tsv,text/csv,text/tab-separated-values"
                onChange={readFile}
                className="sr-only"
                data-testid="import-file"
              />
              {t('pick')}
            </label>
          </>
        )}
        {step.kind !== 'pick' && <p className={styles.fileName}>{step.fileName}</p>}
        {step.kind === 'checking' && <Progress label={t('checking')} done={step.done} total={step.total} />}
        {step.kind === 'preview' && step.preview.rows.length > MAX_BATCH_SIZE && (
          <p className="notice" role="note" data-testid="batch-warning">
            {t('batchWarning')}
          </p>
        )}
        {step.kind === 'preview' && <ImportPreview preview={step.preview} />}
        {step.kind === 'adding' && <Progress label={t('adding')} done={step.done} total={step.total} />}
        {step.kind === 'summary' && <ImportSummary outcome={step.outcome} />}
      </div>
      <div className="dialog-actions">
        {!busy && (
          <button type="button" className={`button${step.kind === 'summary' ? ' primary' : ''}`} onClick={onClose}>
            {step.kind === 'summary' ? t('done') : t('cancel')}
          </button>
        )}
        {step.kind === 'preview' && (
          <>
            <button type="button" className="button" onClick={() => setStep({ kind: 'pick' })}>
              {t('otherFile')}
            </button>
            <button
              type="button"
              className="button primary"
              onClick={() => add(step.fileName, step.preview)}
              disabled={step.preview.counts.invalid === step.preview.rows.length}
            >
              {t('add')}
            </button>
          </>
        )}
        {step.kind === 'adding' && (
          <button type="button" className="button" onClick={() => (stopRequested.current = true)}>
            {t('stop')}
          </button>
        )}
      </div>
    </Modal>
  );
}

/** A real progress bar: a <progress> whose value moves with each answered chunk, and the count in words. */
function Progress({ label, done, total }: { label: string; done: number; total: number }) {
  const t = useTranslations('members.import');
  return (
    <div className={styles.progress}>
      <label htmlFor="import-progress">{label}</label>
      <progress id="import-progress" max={total} value={done} data-testid="import-progress" />
      <p className="muted small" aria-live="polite">
        {t('progress', { done, total })}
      </p>
    </div>
  );
}
