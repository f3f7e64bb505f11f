'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { FeatureGate } from '@/components/session/feature-gate';

/** The missions screens need the company feature `mission` (spec §6). */
export function MissionsFeature({ children }: { children: ReactNode }) {
  const t = useTranslations('missions');
  return (
    <FeatureGate
      feature="mission"
      title={t('title')}
      off={{ title: t('featureOffTitle'), description: t('featureOffDescription') }}
    >
      {children}
    </FeatureGate>
  );
}
