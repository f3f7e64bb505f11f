'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton, CheckboxField } from '@/components/ui/form';
import { setSharesPosition, sharesPosition } from './quick-position';
import { checkDevice, enableNotifications, type DeviceState } from './responder-device';
import { useResponder } from './responder-context';
import { TestAlerts } from './test-alerts';
import styles from './responder.module.css';

/**
 * Alerts on this browser: one tap asks for permission and registers it as the person's device (platform web); an
 * iPhone in Safari is first walked through "Add to Home Screen", the only place iOS delivers Web Push.
 */
export function NotificationsCard() {
  const t = useTranslations('responder.notifications');
  const dialogs = useDialogs();
  const { me, deviceId, deviceRegistered } = useResponder();
  const userId = me.user.id;
  const [state, setState] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState(false);
  const [sharing, setSharing] = useState(() => typeof window !== 'undefined' && sharesPosition(userId));

  useEffect(() => {
    let current = true;
    checkDevice(userId).then(
      (checked) => current && setState(checked),
      () => current && setState('off'),
    );
    return () => {
      current = false;
    };
  }, [userId]);

  async function enable() {
    setBusy(true);
    try {
      const next = await enableNotifications(userId);
      setState(next);
      if (next === 'on') deviceRegistered();
    } catch (error) {
      await dialogs.error(t('failedTitle'), t('failedMessage'), error);
    } finally {
      setBusy(false);
    }
  }

  if (state === 'checking') return null;
  return (
    <section
      className={`${styles.card} ${state === 'on' ? styles.ok : styles.attention}`}
      aria-labelledby="alerts-here"
    >
      <h2 id="alerts-here">{t(`title.${state}`)}</h2>
      <p>{t(`text.${state}`)}</p>
      {state === 'needsInstall' && (
        <ol className={styles.steps}>
          <li>{t('install.share')}</li>
          <li>{t('install.add')}</li>
          <li>{t('install.open')}</li>
        </ol>
      )}
      {state === 'off' && (
        <BusyButton busy={busy} className="button primary block" onClick={() => void enable()}>
          {t('enable')}
        </BusyButton>
      )}
      {state === 'on' && (
        <>
          <CheckboxField
            label={t('sharePosition')}
            hint={t('sharePositionHint')}
            name="sharePosition"
            checked={sharing}
            onChange={(share) => {
              setSharesPosition(userId, share);
              setSharing(share);
            }}
          />
          {deviceId && <TestAlerts deviceId={deviceId} />}
          <p className={styles.note}>{t('browserLimits')}</p>
        </>
      )}
    </section>
  );
}
