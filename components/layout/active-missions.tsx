'use client';

import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useCompanyEvents } from '@/components/realtime/use-company-events';
import type { Me } from '@/components/session/me';
import { isAdmin } from '@/lib/auth/roles';
import type { Role } from '@/lib/generated/prisma/enums';
import { layoutApi } from './layout-api';

/** The number of active missions of the current company, or null when it is not known or not shown (no badge then). */
const ActiveMissionsContext = createContext<number | null>(null);

/** Whether the navigation shows the missions badge: admins of a company with the mission feature. */
function seesMissions(me: Me | null): boolean {
  return Boolean(
    me?.customer &&
    me.user.role &&
    isAdmin(me.user.role as Role) &&
    me.features.some((feature) => feature.featureName === 'mission'),
  );
}

/**
 * The count behind the missions badge of the navigation (spec §2), on every page: loaded from the active missions and
 * loaded again on a new or finished mission, and after the live connection comes back.
 */
export function ActiveMissionsProvider({ me, children }: { me: Me | null; children: ReactNode }) {
  const enabled = seesMissions(me);
  const [count, setCount] = useState<number | null>(null);
  const load = useCallback(() => {
    layoutApi
      .activeMissions()
      .then((answer) => setCount(answer.items.length))
      .catch(() => setCount(null));
  }, []);

  useEffect(() => {
    if (enabled) load();
    else setCount(null);
  }, [enabled, load, me?.customer?.customerId]);

  useCompanyEvents(enabled, { kinds: ['newMission', 'missionFinished'], onEvent: load, onReconnect: load });

  return <ActiveMissionsContext.Provider value={count}>{children}</ActiveMissionsContext.Provider>;
}

export function useActiveMissionsCount(): number | null {
  return useContext(ActiveMissionsContext);
}
