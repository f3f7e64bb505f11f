'use client';

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface ActiveMissions {
  /** The number of active missions of the current company, or null while nobody has told (no badge then). */
  count: number | null;
  setCount: (count: number | null) => void;
}

const ActiveMissionsContext = createContext<ActiveMissions>({ count: null, setCount: () => undefined });

/**
 * The count behind the missions badge of the navigation (spec §2). The shell only shows it: whoever loads missions
 * (the dashboard's data and its live events) feeds it with useActiveMissions().setCount.
 */
export function ActiveMissionsProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState<number | null>(null);
  const value = useMemo(() => ({ count, setCount }), [count]);
  return <ActiveMissionsContext.Provider value={value}>{children}</ActiveMissionsContext.Provider>;
}

export function useActiveMissions(): ActiveMissions {
  return useContext(ActiveMissionsContext);
}
