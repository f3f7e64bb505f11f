'use client';

import { useProfile } from '@/components/session/profile-provider';

/** Voice calls are for the Enterprise plan (spec §5). */
export function useVoiceAllowed(): boolean {
  const profile = useProfile();
  return profile.state.status === 'loaded' && profile.state.me.customer?.plan === 'enterprise';
}
