'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS, chunkUrl, isChunkLoadError } from './chunk-failure';
import { useDialogs } from './dialogs';

/**
 * The page of this site the person last asked for by a link. A chunk failure during a navigation can come before the
 * router shows the new address, so reloading the address bar would bring them back where they were.
 */
let requestedPage: string | null = null;

function rememberFollowedLink(event: MouseEvent): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
  if (link.target && link.target !== '_self') return;
  if (new URL(link.href, window.location.href).origin !== window.location.origin) return;
  requestedPage = link.href;
}

function forgetFollowedLink(): void {
  requestedPage = null;
}

/** Loads the page the person was going to afresh (or this one, when they were not following a link). */
function reloadRequestedPage(): void {
  if (requestedPage && requestedPage !== window.location.href) window.location.assign(requestedPage);
  else window.location.reload();
}

/**
 * Offers to reload the page (once per page): for a screen whose scripts or styles could not be loaded, typically
 * because the server was upgraded and the old build's chunks are gone.
 */
export function useReloadOffer(): () => void {
  const t = useTranslations('chunkLoad');
  const dialogs = useDialogs();
  const offered = useRef(false);
  return useCallback(() => {
    if (offered.current) return;
    offered.current = true;
    void dialogs
      .text({
        type: 'warning',
        title: t('title'),
        message: t('message'),
        confirmLabel: t('reload'),
        cancelLabel: t('later'),
      })
      .then((reload) => {
        if (reload) reloadRequestedPage();
        else offered.current = false;
      });
  }, [dialogs, t]);
}

/**
 * Watches the page for chunks that fail or take longer than 120 s: a script or stylesheet of the build that fires
 * `error` (seen in the capture phase: these events do not bubble), a rejected chunk import that nobody caught, or a
 * chunk element still loading after the timeout. Any of them offers to reload instead of leaving a blank screen; the
 * reload opens the page a followed link was going to.
 */
export function ChunkFailureWatcher() {
  const offerReload = useReloadOffer();
  useEffect(() => {
    const onError = (event: Event) => {
      if (chunkUrl(event.target)) offerReload();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) offerReload();
    };
    const timers = new Map<Element, ReturnType<typeof setTimeout>>();
    const settle = (event: Event) => {
      const element = event.target as Element;
      clearTimeout(timers.get(element));
      timers.delete(element);
    };
    const watchLoading = new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.addedNodes) {
          if (!chunkUrl(node)) continue;
          const element = node as HTMLScriptElement | HTMLLinkElement;
          element.addEventListener('load', settle, { once: true });
          element.addEventListener('error', settle, { once: true });
          timers.set(element, setTimeout(offerReload, CHUNK_LOAD_TIMEOUT_MS));
        }
    });
    window.addEventListener('error', onError, true);
    window.addEventListener('unhandledrejection', onRejection);
    // Capture phase: the router's own click handler cancels the browser's navigation before the event bubbles up.
    window.addEventListener('click', rememberFollowedLink, true);
    window.addEventListener('popstate', forgetFollowedLink);
    watchLoading.observe(document.documentElement, { childList: true, subtree: true });
    return () => {
      window.removeEventListener('error', onError, true);
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener('click', rememberFollowedLink, true);
      window.removeEventListener('popstate', forgetFollowedLink);
      watchLoading.disconnect();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [offerReload]);
  return null;
}
