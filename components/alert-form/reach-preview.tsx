'use client';

import { useTranslations } from 'next-intl';
import { WarningIcon } from '@/components/ui/icons';
import type { Channel } from './alert-form';
import type { ReachState } from './use-reach';
import { useReachNotes } from './use-reach-notes';
import styles from './alert-form.module.css';

/**
 * "N people will be alerted", what those without the app get (spec §5: by channels and plan), when the fallback SMS
 * follows, and how many are outside the area. A positioning reaches the same people: its own texts, and no channels.
 */
export function ReachPreview({
  state,
  channels,
  texts = 'newAlert.reach',
}: {
  state: ReachState;
  /** The alert's channels (what people without the app get); none for a positioning. */
  channels?: Channel[];
  texts?: 'newAlert.reach' | 'positionings.new.reach';
}) {
  const t = useTranslations(texts);
  const reachNotes = useReachNotes();
  const reach = state.status === 'loaded' ? state.reach : state.status === 'loading' ? state.last : null;
  const notes = reach && channels ? reachNotes(reach, channels) : null;
  return (
    <section className={styles.reach} aria-labelledby="reach-title" data-testid="reach-preview">
      <h2 id="reach-title" className={styles.reachTitle}>
        {t('title')}
      </h2>
      <div aria-live="polite" className={styles.reachBody}>
        {state.status === 'idle' && <p className="muted">{t('chooseRecipients')}</p>}
        {state.status === 'failed' && <p className="muted">{t('failed')}</p>}
        {state.status === 'loading' && !reach && (
          <p className="muted">
            <span className="spinner" aria-hidden="true" /> {t('counting')}
          </p>
        )}
        {reach && (
          <div
            className={state.status === 'loading' ? styles.reachStale : undefined}
            aria-busy={state.status === 'loading' || undefined}
          >
            <p className={styles.reachCount}>{t('people', { count: reach.reach })}</p>
            {notes?.warnings.map((warning) => (
              <p key={warning} className={styles.reachWarning} role="note">
                <WarningIcon />
                <span>{warning}</span>
              </p>
            ))}
            {notes?.fallbackLater && <p className={styles.reachOutside}>{notes.fallbackLater}</p>}
            {reach.outOfTarget > 0 && (
              <p className={styles.reachOutside}>{t('outOfTarget', { count: reach.outOfTarget })}</p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
