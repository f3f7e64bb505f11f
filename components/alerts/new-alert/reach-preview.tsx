'use client';

import { useTranslations } from 'next-intl';
import { WarningIcon } from '@/components/ui/icons';
import type { Channel } from './alert-form';
import type { ReachState } from './use-reach';
import styles from './new-alert.module.css';

/** What those without the app get depends on the channels: SMS, a voice call, or nothing (spec §5). */
function withoutAppKey(channels: Channel[]): 'withoutAppSms' | 'withoutAppVoice' | 'withoutAppNothing' {
  if (channels.includes('sms')) return 'withoutAppSms';
  if (channels.includes('voice')) return 'withoutAppVoice';
  return 'withoutAppNothing';
}

/** "N people will be alerted", the warning about people without the app, and how many are outside the area. */
export function ReachPreview({ state, channels }: { state: ReachState; channels: Channel[] }) {
  const t = useTranslations('newAlert.reach');
  const reach = state.status === 'loaded' ? state.reach : state.status === 'loading' ? state.last : null;
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
            {reach.withoutApp > 0 && (
              <p className={styles.reachWarning} role="note">
                <WarningIcon />
                <span>{t(withoutAppKey(channels), { count: reach.withoutApp })}</span>
              </p>
            )}
            {reach.outOfTarget > 0 && (
              <p className={styles.reachOutside}>{t('outOfTarget', { count: reach.outOfTarget })}</p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
