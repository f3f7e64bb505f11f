'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { positionWithin } from './quick-position';
import { responderApi } from './responder-api';
import { useResponder } from './responder-context';
import styles from './responder.module.css';

/** How long the button is held before the SOS goes: a tap in a pocket sends nothing. */
export const SOS_HOLD_MS = 2_000;
/** An SOS does not wait longer than this for a position; it goes without one. */
const SOS_LOCATE_MS = 5_000;

type SosState = 'idle' | 'holding' | 'sending' | 'sent';

/**
 * SOS: held for two seconds (pointer, or Enter / Space held), it sends an SOS with the device's position to the
 * person's SOS list, else the company's admins. A tap only says how.
 */
export function SosButton() {
  const t = useTranslations('responder.sos');
  const dialogs = useDialogs();
  const { deviceId } = useResponder();
  const [state, setState] = useState<SosState>('idle');
  const [hint, setHint] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  async function send() {
    setState('sending');
    try {
      await responderApi.sendSos({ position: await positionWithin(SOS_LOCATE_MS), deviceId });
      setState('sent');
    } catch (error) {
      setState('idle');
      await dialogs.error(t('failedTitle'), t('failedMessage'), error);
    }
  }

  function startHold() {
    if (state !== 'idle' && state !== 'sent') return;
    setHint(false);
    setState('holding');
    timer.current = setTimeout(() => void send(), SOS_HOLD_MS);
  }

  function endHold() {
    if (state !== 'holding') return;
    clearTimeout(timer.current ?? undefined);
    setState('idle');
    setHint(true);
  }

  const keyHold = (event: KeyboardEvent, down: boolean) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    if (down && !event.repeat) startHold();
    if (!down) endHold();
  };

  return (
    <section className={`${styles.card} ${styles.sosCard}`} aria-labelledby="sos-title">
      <h2 id="sos-title">{t('title')}</h2>
      <button
        type="button"
        className={styles.sosButton}
        data-state={state}
        style={{ ['--hold-ms' as string]: `${SOS_HOLD_MS}ms` }}
        aria-describedby="sos-hint"
        aria-busy={state === 'sending'}
        onPointerDown={startHold}
        onPointerUp={endHold}
        onPointerLeave={endHold}
        onPointerCancel={endHold}
        onContextMenu={(event) => event.preventDefault()}
        onKeyDown={(event) => keyHold(event, true)}
        onKeyUp={(event) => keyHold(event, false)}
      >
        <span className={styles.sosLabel}>{state === 'sending' ? t('sending') : t('button')}</span>
      </button>
      <p id="sos-hint" className={styles.note} role="status">
        {state === 'sent' ? t('sent') : hint ? t('holdLonger') : t('hint')}
      </p>
    </section>
  );
}
