'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useOptionWords } from '@/components/alert-form/option-words';
import { useDialogs } from '@/components/ui/dialogs';
import { formatDateTime } from '@/components/ui/format-date';
import { TextAreaField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { LoadFailed } from '@/components/ui/load-states';
import { Person } from '@/components/ui/person';
import { formatPhone } from '@/components/ui/phone-number';
import { useToast } from '@/components/ui/toasts';
import { useApiData } from '@/components/ui/use-api-data';
import { alertApi, helpQueueQuery, type HelpNeed } from '../alert-api';
import { useAlertChanged } from '../use-alert-changed';
import styles from '../alerts.module.css';

/** The longest note (lib/answers/mark-help-handled.ts). */
const MAX_NOTE = 1_000;

/**
 * The "needs help" triage queue of an alert (its sender and admins): who needs help, open ones first, with their answer,
 * phone and position; each is marked handled with a note, and who handled it shows to everyone at once.
 */
export function HelpQueue({ alertId }: { alertId: string }) {
  const t = useTranslations('answers.help');
  const dialogs = useDialogs();
  const queue = useApiData(helpQueueQuery(alertId), () => undefined);
  const [handling, setHandling] = useState<HelpNeed | null>(null);
  useAlertChanged(alertId, queue.state.status === 'loaded', queue.reload);

  if (queue.state.status === 'failed') return <LoadFailed message={t('loadFailed')} onRetry={queue.reload} />;
  if (queue.state.status !== 'loaded') return null;
  const { items, open } = queue.state.data;
  return (
    <div className={styles.helpQueue} data-testid="help-queue">
      <h3 className={open > 0 ? styles.helpOpen : undefined}>{t('title', { count: open })}</h3>
      {items.length === 0 ? (
        <p className="muted small">{t('nobody')}</p>
      ) : (
        <ul className={styles.helpList}>
          {items.map((need) => (
            <HelpItem key={need.userId} need={need} onHandle={() => setHandling(need)} />
          ))}
        </ul>
      )}
      {handling && (
        <HandleDialog
          alertId={alertId}
          need={handling}
          onClose={() => setHandling(null)}
          onHandled={() => {
            setHandling(null);
            queue.reload();
          }}
          onFailed={(error) => void dialogs.error(t('failedTitle'), t('failedMessage'), error)}
        />
      )}
    </div>
  );
}

function HelpItem({ need, onHandle }: { need: HelpNeed; onHandle: () => void }) {
  const t = useTranslations('answers');
  const words = useOptionWords();
  return (
    <li className={need.handled ? styles.helpHandled : styles.helpItem} data-testid="help-need">
      <Person name={need.name} photo={need.profilePhoto} />
      <span className="small">
        {words(need.answer)} · {t('via', { channel: t(`channels.${need.answer.channel}`) })}{' '}
        <time dateTime={need.answer.answeredAt}>{formatDateTime(need.answer.answeredAt)}</time>
      </span>
      {need.phone && (
        <a className="small" href={`tel:${need.phone}`}>
          {formatPhone(need.phone)}
        </a>
      )}
      {need.position && (
        <span className="small">
          {t('help.position', { lat: need.position.lat.toFixed(5), lng: need.position.lng.toFixed(5) })}
        </span>
      )}
      {need.handled ? (
        <span className="small muted" data-testid="help-handled">
          {t('help.handledBy', {
            name: need.handled.byName ?? t('help.removedAccount'),
            time: formatDateTime(need.handled.at),
          })}
          {need.handled.note && <q className={styles.helpNote}>{need.handled.note}</q>}
        </span>
      ) : (
        <button type="button" className="button small" onClick={onHandle}>
          {t('help.markHandled')}
        </button>
      )}
    </li>
  );
}

function HandleDialog({
  alertId,
  need,
  onClose,
  onHandled,
  onFailed,
}: {
  alertId: string;
  need: HelpNeed;
  onClose: () => void;
  onHandled: () => void;
  onFailed: (error: unknown) => void;
}) {
  const t = useTranslations('answers.help');
  const toast = useToast();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await alertApi.markHelpHandled(alertId, need.userId, note.trim() || null);
      toast(t('handled', { name: need.name }));
      onHandled();
    } catch (error) {
      setBusy(false);
      onFailed(error);
    }
  }

  return (
    <FormDialog
      id="handle-help"
      title={t('dialogTitle', { name: need.name })}
      intro={t('dialogIntro')}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      submitLabel={t('markHandled')}
      cancelLabel={t('cancel')}
      busy={busy}
    >
      <TextAreaField
        label={t('note')}
        name="note"
        value={note}
        onChange={setNote}
        maxLength={MAX_NOTE}
        hint={t('noteHint')}
      />
    </FormDialog>
  );
}
