'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: a card pulses this long on a live event. */
export const PULSE_MS = 1_000;

/** `pulsing` is true for PULSE_MS after each `pulse()`. */
export function usePulse(): { pulsing: boolean; pulse: () => void } {
  const [pulsing, setPulsing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const pulse = useCallback(() => {
    clearTimeout(timer.current);
    setPulsing(true);
    timer.current = setTimeout(() => setPulsing(false), PULSE_MS);
  }, []);
  return { pulsing, pulse };
}
