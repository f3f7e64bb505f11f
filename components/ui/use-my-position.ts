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
  | { status: 'failed'; reason: 'denied' | 'unavailable' | 'unsupported' };

const LOCATE_TIMEOUT_MS = 15_000;

function failureReason(error: GeolocationPositionError): 'denied' | 'unavailable' {
  return error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable';
}

/** The sender's position for "include my position" (navigator.geolocation); a refusal or failure is kept to explain it. */
export function useMyPosition() {
  const [state, setState] = useState<MyPosition>({ status: 'off' });

  const locate = useCallback(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState({ status: 'failed', reason: 'unsupported' });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setState({
          status: 'on',
          position: { lat: coords.latitude, lng: coords.longitude, accuracy: Math.round(coords.accuracy) },
        }),
      (error) => setState({ status: 'failed', reason: failureReason(error) }),
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: 60_000 },
    );
  }, []);

  const turnOff = useCallback(() => setState({ status: 'off' }), []);
  /** A position saved with a draft. */
  const restore = useCallback(
    (position: Position | null) => setState(position ? { status: 'on', position } : { status: 'off' }),
    [],
  );

  return { state, locate, turnOff, restore, position: state.status === 'on' ? state.position : null };
}
