import type { Db } from '@/lib/db';
import type { Feature, Plan, Role } from '@/lib/generated/prisma/enums';

export interface CompanyContext {
  id: string;
  name: string;
  plan: Plan;
  features: Feature[];
}

/** What every operation in lib/<area>/ receives: who asks, for which company, with which role, and the clock. */
export interface Ctx {
  db: Db;
  now: Date;
  requestId: string;
  userId: string;
  sessionId: string;
  company: CompanyContext;
  role: Role;
}

/** For routes that need no session (health, sign-up, login, webhooks). */
export interface PublicCtx {
  db: Db;
  now: Date;
  requestId: string;
  ip: string | null;
  userAgent: string | null;
}
