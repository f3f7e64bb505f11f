'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { isChunkLoadError } from './chunk-failure';
import { useReloadOffer } from './chunk-failure-watcher';

/**
 * What a page that failed to render shows (app/error.tsx): for a chunk that could not be loaded the reload offer, for
 * anything else a short notice; both with a reload button, never a blank screen.
 */
export function PageError({ error }: { error: Error }) {
  const t = useTranslations('chunkLoad');
  const offerReload = useReloadOffer();
  const chunkFailed = isChunkLoadError(error);
  useEffect(() => {
    if (chunkFailed) offerReload();
  }, [chunkFailed, offerReload]);
  return (
    <main className="card load-failed" role="alert">
      <p>{t(chunkFailed ? 'message' : 'pageErrorMessage')}</p>
      <button type="button" className="button primary" onClick={() => window.location.reload()}>
        {t('reload')}
      </button>
    </main>
  );
}
