'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { AlertDetail } from '@/components/alerts/alert-api';
import { useOptionWords } from '@/components/alert-form/option-words';
import { useDialogs } from '@/components/ui/dialogs';
import { formatDateTime } from '@/components/ui/format-date';
import type { Position } from '@/components/ui/use-my-position';
import { positionWithin, sharesPosition } from './quick-position';
import { responderApi } from './responder-api';
import styles from './responder.module.css';

/** A tapped answer waits this long, with Undo, before it is sent. */
export const UNDO_SECONDS = 5;
/** An answer waits this long at most for the position the person chose to send with it. */
const ANSWER_LOCATE_MS = 5_000;

type Latest = NonNullable<AlertDetail['myAnswer']>;

interface Waiting {
  option: number;
  secondsLeft: number;
  position: Promise<Position | null>;
}

/**
 * The alert's response options as big buttons (spec: issue 36). A tap waits UNDO_SECONDS with Undo, then is sent (at
 * once when the page goes away meanwhile); the latest answer is marked and can be changed until the alert closes.
 */
export function AnswerCard({
  alert,
  userId,
  deviceId,
  onAnswered,
}: {
  alert: Pick<AlertDetail, 'id' | 'status' | 'responseOptions' | 'myAnswer'>;
  userId: string;
  deviceId: string | null;
  onAnswered: () => void;
}) {
  const t = useTranslations('responder.answers');
  const words = useOptionWords();
  const dialogs = useDialogs();
  const [latest, setLatest] = useState<Latest | null>(alert.myAnswer);
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [sending, setSending] = useState(false);
  const waitingRef = useRef<Waiting | null>(null);
  const open = alert.status === 'active';

  useEffect(() => setLatest(alert.myAnswer), [alert.myAnswer]);

  const send = useCallback(
    async (chosen: Waiting) => {
      setWaiting(null);
      setSending(true);
      try {
        const answered = await responderApi.answer(alert.id, chosen.option, deviceId, await chosen.position);
        setLatest(answered);
        onAnswered();
      } catch (error) {
        await dialogs.error(t('failedTitle'), t('failedMessage'), error);
      } finally {
        setSending(false);
      }
    },
    [alert.id, deviceId, dialogs, onAnswered, t],
  );

  // The countdown: one second at a time, then the answer goes.
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      if (waiting.secondsLeft <= 1) void send(waiting);
      else setWaiting({ ...waiting, secondsLeft: waiting.secondsLeft - 1 });
    }, 1_000);
    return () => clearTimeout(timer);
  }, [waiting, send]);

  // Leaving the page (or this alert) does not lose a tapped answer: it goes at once.
  useEffect(() => {
    waitingRef.current = waiting;
  }, [waiting]);
  const sendWaiting = useEffectEvent(() => {
    const chosen = waitingRef.current;
    waitingRef.current = null;
    if (chosen) void send(chosen);
  });
  useEffect(() => {
    const leave = () => sendWaiting();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  if (alert.responseOptions.length === 0) return null;
  const choose = (option: number) =>
    setWaiting({
      option,
      secondsLeft: UNDO_SECONDS,
      position: sharesPosition(userId) ? positionWithin(ANSWER_LOCATE_MS) : Promise.resolve(null),
    });
  const optionWords = (option: number) => words(alert.responseOptions[option - 1] ?? { kind: 'other' });

  return (
    <section className={`${styles.card} ${latest ? styles.ok : styles.attention}`} aria-labelledby="answer-title">
      <h2 id="answer-title">{open ? t('question') : t('closedTitle')}</h2>
      <p role="status" aria-live="polite" className={styles.answerStatus}>
        {waiting
          ? t('sendingIn', { answer: optionWords(waiting.option), seconds: waiting.secondsLeft })
          : latest
            ? t('yourAnswer', {
                answer: words(latest),
                time: formatDateTime(latest.answeredAt),
              })
            : open
              ? t('prompt')
              : t('closedNoAnswer')}
      </p>
      {waiting ? (
        <button type="button" className={`button block ${styles.big}`} onClick={() => setWaiting(null)}>
          {t('undo')}
        </button>
      ) : (
        open && (
          <div className={styles.answerButtons}>
            {alert.responseOptions.map((option) => (
              <button
                key={option.option}
                type="button"
                className={`button block ${styles.big} ${styles[`answer-${option.kind}`]}`}
                aria-pressed={latest?.option === option.option}
                disabled={sending}
                onClick={() => choose(option.option)}
              >
                {words(option)}
              </button>
            ))}
          </div>
        )
      )}
      {open && latest && !waiting && <p className="muted small">{t('canChange')}</p>}
    </section>
  );
}
