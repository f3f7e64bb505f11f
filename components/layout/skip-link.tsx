'use client';

import { useTranslations } from 'next-intl';
import type { MouseEvent } from 'react';

export const MAIN_REGION_ID = 'console-main';

/**
 * "Skip to main content": the first thing Tab reaches on a console page, shown only when focused. It moves the focus to
 * the page's <main> (each page renders its own), or to the region around it while a page is still loading.
 */
export function SkipLink() {
  const t = useTranslations('nav');

  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const region = document.getElementById(MAIN_REGION_ID);
    const target = region?.querySelector<HTMLElement>('main') ?? region;
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus();
    target.scrollIntoView({ block: 'start' });
  }

  return (
    <a href={`#${MAIN_REGION_ID}`} className="skip-link" onClick={skip}>
      {t('skipToMain')}
    </a>
  );
}
