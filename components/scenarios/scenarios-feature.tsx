'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { FeatureGate } from '@/components/session/feature-gate';

/** The scenarios screens need the company feature `scenario` (spec §6). */
export function ScenariosFeature({ children }: { children: ReactNode }) {
  const t = useTranslations('scenarios');
  return (
    <FeatureGate
      feature="scenario"
      title={t('title')}
      off={{ title: t('featureOffTitle'), description: t('featureOffDescription') }}
    >
      {children}
    </FeatureGate>
  );
}
