'use client';

import { useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { session } from '@/lib/http/client';
import { useLoggedIn } from './use-logged-in';
import type { Me, UpdateUser } from './me';
import { sessionApi } from './session-api';
import { createSharedFetch } from './shared-fetch';

export type ProfileState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; me: Me };

export interface ProfileContextValue {
  state: ProfileState;
  /** Fetches the profile again; a call while a fetch younger than 2 seconds runs joins that fetch (spec §7). */
  reload: () => void;
  /** Changes the cached user after a successful save, without fetching again. */
  updateUser: UpdateUser;
}

/** A running fetch is shared by every reload asked for within this time after it started. */
export const PROFILE_FETCH_SHARE_MS = 2_000;

const ProfileContext = createContext<ProfileContextValue | null>(null);

/**
 * The logged-in user's profile (GET /api/me), fetched once for the whole console and cached. The company it answers for
 * becomes the current one, so a stale or missing CustomerId is replaced (and removed for a user without any company).
 */
export function ProfileProvider({ children }: { children: ReactNode }) {
  const t = useTranslations('profile');
  const dialogs = useDialogs();
  const loggedIn = useLoggedIn();
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const loader = useMemo(() => createSharedFetch(sessionApi.me, PROFILE_FETCH_SHARE_MS), []);
  // Read when a load fails (from an effect or a reload), so fetchProfile need not change with the language.
  const reportFailure = useRef<(error: unknown) => void>(() => undefined);
  useEffect(() => {
    reportFailure.current = (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error);
  }, [dialogs, t]);

  const fetchProfile = useCallback(() => {
    const { promise, signal, joined } = loader.run();
    if (joined) return;
    setState((previous) => (previous.status === 'loaded' ? previous : { status: 'loading' }));
    promise.then(
      (me) => {
        if (signal.aborted) return;
        const customerId = me.customer?.customerId ?? null;
        if (session.customerId() !== customerId) session.setCustomerId(customerId);
        setState({ status: 'loaded', me });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        setState({ status: 'failed' });
        reportFailure.current(error);
      },
    );
  }, [loader]);

  useEffect(() => {
    if (!loggedIn) return;
    fetchProfile();
    return () => loader.abort();
  }, [loggedIn, fetchProfile, loader]);

  const updateUser = useCallback<UpdateUser>(
    (change) =>
      setState((current) =>
        current.status === 'loaded'
          ? { status: 'loaded', me: { ...current.me, user: { ...current.me.user, ...change } } }
          : current,
      ),
    [],
  );
  const value = useMemo(() => ({ state, reload: fetchProfile, updateUser }), [state, fetchProfile, updateUser]);
  return <ProfileContext.Provider value={value}>{children}</ProfileContext.Provider>;
}

/** The cached profile; only inside the console (app/(console)/layout.tsx mounts the provider). */
export function useProfile(): ProfileContextValue {
  const value = useContext(ProfileContext);
  if (!value) throw new Error('useProfile needs the ProfileProvider of the console layout');
  return value;
}
