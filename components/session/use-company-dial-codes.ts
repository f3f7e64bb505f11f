'use client';

import { useDialCodes } from '@/components/ui/use-dial-codes';
import { useProfile } from './profile-provider';

/** The dial codes of the console's phone fields, with the current company's default country preselected. */
export function useCompanyDialCodes() {
  const { state } = useProfile();
  return useDialCodes(state.status === 'loaded' ? state.me.customer?.defaultDialCode : null);
}
