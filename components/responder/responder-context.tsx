'use client';

import { createContext, useContext } from 'react';
import type { Me } from '@/components/session/me';

export interface ResponderValue {
  me: Me;
  /** This browser's device id for the person, once registered (null: notifications not set up here). */
  deviceId: string | null;
  /** After notifications were set up on this browser. */
  deviceRegistered: () => void;
  online: boolean;
}

export const ResponderContext = createContext<ResponderValue | null>(null);

export function useResponder(): ResponderValue {
  const value = useContext(ResponderContext);
  if (!value) throw new Error('useResponder outside the responder shell');
  return value;
}
