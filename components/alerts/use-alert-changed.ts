'use client';

import { useEffect, useRef } from 'react';
import { useCompanyEvents } from '@/components/realtime/use-company-events';

/** Short pause that folds a burst of changes (receipts arriving together) into one refetch. */
const SETTLE_MS = 300;

/**
 * Calls `onChange` when the alert changed (event alertChangedCustomerId:{companyId} with this alertId: a comment, a
 * close, a receipt) and after the live connection came back (changes may have been missed).
 */
export function useAlertChanged(alertId: string, enabled: boolean, onChange: () => void): void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const soon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(onChange, SETTLE_MS);
  };
  useCompanyEvents(enabled, {
    kinds: ['alertChanged'],
    onEvent: (_kind, payload) => {
      if (payload.alertId === alertId) soon();
    },
    onReconnect: soon,
  });
}
