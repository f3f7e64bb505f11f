'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LogoutButton } from '@/components/session/logout-button';
import { useRequireLogin } from '@/components/session/use-require-login';
import type { Me } from '@/components/session/me';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { Logo } from '@/components/ui/logo';
import { isNoAnswer, session } from '@/lib/http/client';
import { cacheProfile, cachedProfile } from './cached-profile';
import { storeNotificationLabels } from './notification-labels-sync';
import { sendPending } from './offline-queue';
import { ResponderContext } from './responder-context';
import { responderApi } from './responder-api';
import { storedDeviceId } from './responder-device';
import { registerServiceWorker } from './web-push-setup';
import { useNotificationLabels } from './use-notification-labels';
import styles from './responder.module.css';

/** The person, and this browser's device of theirs (read with the profile, again when notifications were set up). */
type ProfileState =
  { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; me: Me; deviceId: string | null };

function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * The responder's frame (issue 33): signed in or sent to the login, the profile (kept for a start without network),
 * the service worker registered, the notification words handed to it, and confirmations made offline sent when the
 * network is back.
 */
export function ResponderShell({ children }: { children: ReactNode }) {
  const t = useTranslations('responder');
  const loggedIn = useRequireLogin();
  const online = useOnline();
  const labels = useNotificationLabels();
  const [profile, setProfile] = useState<ProfileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!loggedIn) return;
    const controller = new AbortController();
    responderApi.me(controller.signal).then(
      (me) => {
        const customerId = me.customer?.customerId ?? null;
        if (session.customerId() !== customerId) session.setCustomerId(customerId);
        cacheProfile(me);
        setProfile({ status: 'loaded', me, deviceId: storedDeviceId(me.user.id) });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const cached = isNoAnswer(error) ? cachedProfile() : null;
        setProfile(
          cached ? { status: 'loaded', me: cached, deviceId: storedDeviceId(cached.user.id) } : { status: 'failed' },
        );
      },
    );
    return () => controller.abort();
  }, [loggedIn, attempt]);

  useEffect(() => {
    void registerServiceWorker().catch(() => undefined);
  }, []);

  useEffect(() => {
    void storeNotificationLabels(labels).catch(() => undefined);
  }, [labels]);

  const me = profile.status === 'loaded' ? profile.me : null;
  const userId = me?.user.id ?? null;
  const companyId = me?.customer?.customerId ?? null;
  useEffect(() => {
    if (!userId || !companyId || !online) return;
    void sendPending(userId, companyId).catch(() => undefined);
  }, [userId, companyId, online]);

  const deviceId = profile.status === 'loaded' ? profile.deviceId : null;
  const deviceRegistered = useCallback(
    () =>
      setProfile((current) =>
        current.status === 'loaded' ? { ...current, deviceId: storedDeviceId(current.me.user.id) } : current,
      ),
    [],
  );
  const value = useMemo(
    () => me && { me, deviceId, deviceRegistered, online },
    [me, deviceId, deviceRegistered, online],
  );

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link href="/r" className={styles.brand}>
          <Logo size={28} />
        </Link>
        {me?.customer && <span className={styles.company}>{me.customer.customerName}</span>}
        {loggedIn && <LogoutButton />}
      </header>
      {!online && (
        <p className={styles.offline} role="status">
          {t('offline')}
        </p>
      )}
      <main className={styles.main} id="main">
        {!loggedIn || profile.status === 'loading' ? (
          <Loading label={t('loading')} />
        ) : profile.status === 'failed' ? (
          <LoadFailed message={t('loadFailed')} onRetry={() => setAttempt((n) => n + 1)} />
        ) : value && !value.me.customer ? (
          <section className={styles.card}>
            <h1>{t('noCompanyTitle')}</h1>
            <p>{t('noCompanyText')}</p>
          </section>
        ) : (
          value && <ResponderContext.Provider value={value}>{children}</ResponderContext.Provider>
        )}
      </main>
    </div>
  );
}
