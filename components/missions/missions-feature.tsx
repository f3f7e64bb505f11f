'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useProfile } from '@/components/session/profile-provider';
import { EmptyState } from '@/components/ui/empty-state';
import { ConsolePage } from '@/components/ui/list-page';

/**
 * The missions screens need the company feature `mission` (spec §6): without it the navigation shows the item
 * disabled, and an address typed in says that missions are off instead of calling the API.
 */
export function MissionsFeature({ children }: { children: ReactNode }) {
  const t = useTranslations('missions');
  const { state } = useProfile();
  const off = state.status === 'loaded' && !state.me.features.some((feature) => feature.featureName === 'mission');
  if (!off) return children;
  return (
    <ConsolePage title={t('title')}>
      <EmptyState title={t('featureOffTitle')} description={t('featureOffDescription')} />
    </ConsolePage>
  );
}
