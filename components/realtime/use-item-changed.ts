'use client';

import { useEffect, useRef } from 'react';
import type { CompanyEventKind } from '@/lib/realtime/events';
import { useCompanyEvents } from './use-company-events';

/** Short pause that folds a burst of changes (receipts or answers arriving together) into one refetch. */
const SETTLE_MS = 300;

/**
 * Calls `onChange` (debounced) when a company event of `kind` names this item (`payload[idKey] === id`) and after the
 * live connection came back (changes may have been missed).
 */
export function useItemChanged(
  kind: CompanyEventKind,
  idKey: string,
  id: string,
  enabled: boolean,
  onChange: () => void,
): void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const soon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(onChange, SETTLE_MS);
  };
  useCompanyEvents(enabled, {
    kinds: [kind],
    onEvent: (_kind, payload) => {
      if (payload[idKey] === id) soon();
    },
    onReconnect: soon,
  });
}
