'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton, SelectField, TextField } from '@/components/ui/form';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { responderApi, type MyMission } from './responder-api';
import { useResponder } from './responder-context';
import styles from './responder.module.css';

/** Mission lengths offered, in minutes. */
const DURATIONS = [30, 60, 120, 240, 480] as const;
/** What one tap on "extend" adds. */
const EXTEND_MINUTES = 30;

type MissionState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; mission: MyMission };

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function Countdown({ endTime }: { endTime: string }) {
  const t = useTranslations('responder.mission');
  const format = useFormatter();
  const now = useNow(1_000);
  const left = new Date(endTime).getTime() - now;
  const totalMinutes = Math.max(0, Math.ceil(left / 60_000));
  return (
    <p className={left > 0 ? styles.countdown : `${styles.countdown} ${styles.overdue}`} role="timer">
      {left > 0 ? t('left', { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 }) : t('overdue')}
      <span className="muted small">
        {t('endsAt', { time: format.dateTime(new Date(endTime), { timeStyle: 'short' }) })}
      </span>
    </p>
  );
}

/**
 * A lone worker's mission: started with an end time and a description; the countdown, extend and finish. Not finished
 * by its end time, it raises an alarm to the company's mission subscribers.
 */
export function MissionCard() {
  const t = useTranslations('responder.mission');
  const dialogs = useDialogs();
  const { deviceId } = useResponder();
  const [state, setState] = useState<MissionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [minutes, setMinutes] = useState<string>('60');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState<null | 'start' | 'extend' | 'finish'>(null);

  useEffect(() => {
    const controller = new AbortController();
    responderApi.myMission(controller.signal).then(
      ({ mission }) => setState({ status: 'loaded', mission }),
      () => !controller.signal.aborted && setState({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [attempt]);

  async function act(kind: 'start' | 'extend' | 'finish', call: () => Promise<MyMission>) {
    setBusy(kind);
    try {
      setState({ status: 'loaded', mission: await call() });
    } catch (error) {
      await dialogs.error(t(`${kind}FailedTitle`), t('failedMessage'), error);
    } finally {
      setBusy(null);
    }
  }

  const mission = state.status === 'loaded' ? state.mission : null;
  return (
    <section className={styles.card} aria-labelledby="mission-title">
      <h2 id="mission-title">{t('title')}</h2>
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && (
        <LoadFailed className={styles.inline} message={t('loadFailed')} onRetry={() => setAttempt((n) => n + 1)} />
      )}
      {state.status === 'loaded' && mission && (
        <>
          {mission.description && <p>{mission.description}</p>}
          <Countdown endTime={mission.endTime} />
          <div className={styles.actions}>
            <BusyButton
              busy={busy === 'extend'}
              className="button"
              onClick={() =>
                void act('extend', () =>
                  responderApi.extendMission(
                    mission.id,
                    new Date(
                      Math.max(Date.now(), new Date(mission.endTime).getTime()) + EXTEND_MINUTES * 60_000,
                    ).toISOString(),
                  ),
                )
              }
            >
              {t('extend', { minutes: EXTEND_MINUTES })}
            </BusyButton>
            <BusyButton
              busy={busy === 'finish'}
              className="button primary"
              onClick={() => void act('finish', async () => (await responderApi.finishMission(mission.id), null))}
            >
              {t('finish')}
            </BusyButton>
          </div>
        </>
      )}
      {state.status === 'loaded' && !mission && (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            void act('start', () =>
              responderApi.startMission({
                endTime: new Date(Date.now() + Number(minutes) * 60_000).toISOString(),
                description: description.trim() || null,
                deviceId,
              }),
            );
          }}
        >
          <p className="muted">{t('intro')}</p>
          <SelectField
            label={t('duration')}
            name="duration"
            value={minutes}
            onChange={setMinutes}
            options={DURATIONS.map((value) => ({
              value: String(value),
              label: t('durationOption', { hours: Math.floor(value / 60), minutes: value % 60 }),
            }))}
          />
          <TextField
            label={t('description')}
            name="description"
            value={description}
            onChange={setDescription}
            maxLength={500}
          />
          <BusyButton busy={busy === 'start'} type="submit" className="button primary block">
            {t('start')}
          </BusyButton>
        </form>
      )}
    </section>
  );
}
