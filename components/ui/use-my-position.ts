'use client';

import { useCallback, useState } from 'react';

/** Where the sender is, as alerts and scenario starts send it. */
export interface Position {
  lat: number;
  lng: number;
  accuracy?: number;
}

export type MyPosition =
  | { status: 'off' }
  | { status: 'locating' }
  | { status: 'on'; position: Position }
  | { status: 'failed'; reason: LocateFailure };

const LOCATE_TIMEOUT_MS = 15_000;

export type Located = { status: 'on'; position: Position } | { status: 'failed'; reason: LocateFailure };
type LocateFailure = 'denied' | 'unavailable' | 'unsupported';

function failureReason(error: GeolocationPositionError): 'denied' | 'unavailable' {
  return error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable';
}

/** Where the device is now (navigator.geolocation, a position at most a minute old), or why it cannot tell. */
export function locateOnce(): Promise<Located> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      resolve({ status: 'failed', reason: 'unsupported' });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          status: 'on',
          position: { lat: coords.latitude, lng: coords.longitude, accuracy: Math.round(coords.accuracy) },
        }),
      (error) => resolve({ status: 'failed', reason: failureReason(error) }),
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

/** The sender's position for "include my position" (navigator.geolocation); a refusal or failure is kept to explain it. */
export function useMyPosition() {
  const [state, setState] = useState<MyPosition>({ status: 'off' });

  const locate = useCallback(() => {
    setState({ status: 'locating' });
    void locateOnce().then(setState);
  }, []);

  const turnOff = useCallback(() => setState({ status: 'off' }), []);
  /** A position saved with a draft. */
  const restore = useCallback(
    (position: Position | null) => setState(position ? { status: 'on', position } : { status: 'off' }),
    [],
  );

  return { state, locate, turnOff, restore, position: state.status === 'on' ? state.position : null };
}
