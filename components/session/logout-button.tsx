'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { LogoutIcon } from '@/components/ui/icons';
import { currentPagePath, session, sessionEndedPath } from '@/lib/http/client';
import { sessionApi } from './session-api';

/** Asks for confirmation, ends the session on the server, forgets it here and goes to /loggedOut, which offers to log in again to this page (spec §2). */
export function LogoutButton() {
  const t = useTranslations('auth');
  const dialogs = useDialogs();
  const [busy, setBusy] = useState(false);

  async function logOut() {
    const confirmed = await dialogs.text({
      type: 'warning',
      title: t('logoutTitle'),
      message: t('logoutMessage'),
      confirmLabel: t('logout'),
      cancelLabel: t('cancel'),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await sessionApi.logOut();
    } catch {
      // The session is forgotten here either way; an expired one is already over on the server.
    }
    session.clear();
    window.location.assign(sessionEndedPath('loggedOut', currentPagePath()));
  }

  return (
    <button type="button" className="button ghost logout-button" onClick={() => void logOut()} disabled={busy}>
      <LogoutIcon strokeWidth={1.8} />
      <span className="logout-label">{t('logout')}</span>
    </button>
  );
}
