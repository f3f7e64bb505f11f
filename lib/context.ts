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
  /** The client's address (lib/http-parts/client-address.ts), for throttling. */
  clientAddress: string;
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
  /** The client's address (lib/http-parts/client-address.ts), for throttling. */
  clientAddress: string;
  userAgent: string | null;
}

/** For account routes that work without a company (profile, 2FA, password, creating a company, deleting oneself). */
export interface UserCtx extends Omit<Ctx, 'company' | 'role'> {
  /** The CustomerId company when the user is a member there, else the user's first company, else null. */
  company: CompanyContext | null;
  role: Role | null;
}

/** For routes that serve both visitors and logged-in users (a password change by link or by current password). */
export interface OptionalSessionCtx extends PublicCtx {
  session: { userId: string; sessionId: string } | null;
}

/**
 * For the install's operators (issue 35): who acts (null: the `npm run operator` command, run by whoever has the
 * server's shell) and the clock. Operators act across companies by design.
 */
export interface OperatorCtx {
  db: Db;
  now: Date;
  userId: string | null;
}
