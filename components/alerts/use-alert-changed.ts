'use client';

import { useItemChanged } from '@/components/realtime/use-item-changed';

/**
 * Calls `onChange` when the alert changed (event alertChangedCustomerId:{companyId} with this alertId: a comment, a
 * close, a receipt) and after the live connection came back (changes may have been missed).
 */
export function useAlertChanged(alertId: string, enabled: boolean, onChange: () => void): void {
  useItemChanged('alertChanged', 'alertId', alertId, enabled, onChange);
}
