'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { hasFeatures, routeByKey } from '@/components/layout/routes';
import { useProfile } from '@/components/session/profile-provider';
import { EmptyState } from '@/components/ui/empty-state';
import { ConsolePage } from '@/components/ui/list-page';

/**
 * The IoT devices screen needs the company features `scenario` and `flicHub` (spec §6): without them the navigation
 * shows the item disabled, and an address typed in says that the buttons are off instead of calling the API.
 */
export function IotFeature({ children }: { children: ReactNode }) {
  const t = useTranslations('iotDevices');
  const { state } = useProfile();
  const features = state.status === 'loaded' ? state.me.features.map((feature) => feature.featureName) : [];
  const off = state.status === 'loaded' && !hasFeatures(routeByKey('iotDevices'), features);
  if (!off) return children;
  return (
    <ConsolePage title={t('title')}>
      <EmptyState title={t('featureOffTitle')} description={t('featureOffDescription')} />
    </ConsolePage>
  );
}
