'use client';

import type { ReactNode } from 'react';
import { useProfile } from '@/components/session/profile-provider';
import { EmptyState } from '@/components/ui/empty-state';
import { ConsolePage } from '@/components/ui/list-page';
import type { Feature } from '@/lib/generated/prisma/enums';

/**
 * A screen that needs a company feature (spec §6): without it the navigation shows the item disabled, and an address
 * typed in says the feature is off (`off`) instead of calling the API.
 */
export function FeatureGate({
  feature,
  title,
  off,
  children,
}: {
  feature: Feature;
  title: string;
  off: { title: string; description: string };
  children: ReactNode;
}) {
  const { state } = useProfile();
  const isOff = state.status === 'loaded' && !state.me.features.some((item) => item.featureName === feature);
  if (!isOff) return children;
  return (
    <ConsolePage title={title}>
      <EmptyState title={off.title} description={off.description} />
    </ConsolePage>
  );
}
