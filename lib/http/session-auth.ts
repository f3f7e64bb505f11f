import { ApiError } from '@/lib/api-error';
import { resolveSession } from '@/lib/auth/resolve-session';
import { hasLevel, type RoleLevel } from '@/lib/auth/roles';
import type { Ctx, OperatorCtx, OptionalSessionCtx, UserCtx } from '@/lib/context';
import type { Feature, Plan } from '@/lib/generated/prisma/enums';
import { type Admitting, type AuthKind, bearerTokenOf, productFailure } from '@/lib/http-parts/auth-kind';
import { requireMembership } from '@/lib/auth/resolve-membership';
import { isOperatorSession } from '@/lib/auth/is-operator';

// The kinds of the product's own sessions (DESIGN §2): the bearer token of a login (401 / 440, renewed through
// X-Session-Token), and for company routes the company of the CustomerId header (403) and the route's gates.

/** The gates of a company route (`auth` left out, or 'session'). */
export interface SessionGates {
  /** Minimum role level (spec §6): user < admin < superAdmin. */
  role?: RoleLevel;
  /** Plans that may use the route (403 for others). */
  plans?: Plan[];
  /** Company feature flag(s) the route needs (403 without any of them). */
  feature?: Feature | readonly Feature[];
}

const SESSION_REFUSALS = {
  '401': { $ref: '#/components/responses/Error' },
  '403': { $ref: '#/components/responses/Error' },
  '440': { description: 'Session expired: log in again' },
};

const customerIdHeader = (required: boolean) => ({
  name: 'CustomerId',
  required,
  schema: { type: 'string', format: 'uuid' },
});

/** The session of the bearer token (401 without one), its renewed token on the answer, with the membership asked. */
async function sessionOf(admitting: Admitting, membership?: { customerId: string | null; orFirst: boolean }) {
  const { request, base, headers } = admitting;
  const token = bearerTokenOf(request);
  if (!token) throw ApiError.unauthorized();
  const session = await resolveSession(base.db, token, base.now, { membership });
  if (session.renewedToken) headers['X-Session-Token'] = session.renewedToken;
  const ids = { db: base.db, now: base.now, requestId: base.requestId, clientAddress: base.clientAddress };
  return { session, ids: { ...ids, userId: session.userId, sessionId: session.sessionId } };
}

/** A company route (the default): the session, the CustomerId company (403), then the role, plan and feature gates. */
export const sessionAuth: AuthKind<Ctx, SessionGates> = {
  async authenticate(admitting, options) {
    const customerId = admitting.request.headers.get('customerid');
    const { session, ids } = await sessionOf(admitting, { customerId, orFirst: false });
    const { company, role } = requireMembership(session.membership, customerId);
    if (options.role && !hasLevel(role, options.role)) throw ApiError.forbidden();
    if (options.plans && !options.plans.includes(company.plan)) {
      throw ApiError.forbidden('Your plan does not include this. Upgrade to use it');
    }
    if (options.feature && ![options.feature].flat().every((feature) => company.features.includes(feature))) {
      throw ApiError.forbidden('This feature is not enabled for your company');
    }
    return { ctx: { ...ids, company, role } };
  },
  fail: productFailure,
  document: {
    access: ({ role, plans, feature }) => {
      const parts = [`Needs a session and a company (CustomerId); minimum role: ${role ?? 'user'}.`];
      if (plans) parts.push(`Plans: ${plans.join(', ')}.`);
      if (feature) parts.push(`Feature: ${[feature].flat().join(' and ')}.`);
      return parts.join(' ');
    },
    headers: [customerIdHeader(true)],
    refusals: SESSION_REFUSALS,
  },
};

/** An account route: a session, no company needed (the CustomerId company if a member there, else the first, else none). */
export const userSessionAuth: AuthKind<UserCtx> = {
  async authenticate(admitting) {
    const customerId = admitting.request.headers.get('customerid');
    const { session, ids } = await sessionOf(admitting, { customerId, orFirst: true });
    const { company, role } = session.membership ?? { company: null, role: null };
    return { ctx: { ...ids, company, role } };
  },
  fail: productFailure,
  document: {
    access: () => 'Needs a session; no company.',
    headers: [customerIdHeader(false)],
    refusals: SESSION_REFUSALS,
  },
};

/**
 * The install's operators (issue 35): a session of one of them (lib/operators/is-operator.ts), 403 for anyone else.
 * Operators act across companies: no CustomerId.
 */
export const operatorAuth: AuthKind<OperatorCtx & Omit<UserCtx, 'company' | 'role'>> = {
  async authenticate(admitting) {
    const { session, ids } = await sessionOf(admitting);
    if (!(await isOperatorSession(admitting.base.db, session))) {
      throw ApiError.forbidden('Only the operators of this Tocsin install can do this').with({ code: 'notOperator' });
    }
    return { ctx: ids };
  },
  fail: productFailure,
  document: {
    access: () => "Needs the session of one of the install's operators (OPERATOR_EMAILS), signed in with a password.",
    refusals: SESSION_REFUSALS,
  },
};

/** A session when a bearer token is sent (401 / 440 still apply to a bad one), else an anonymous visitor. */
export const optionalSessionAuth: AuthKind<OptionalSessionCtx> = {
  async authenticate(admitting) {
    if (!admitting.request.headers.has('authorization')) return { ctx: { ...admitting.base, session: null } };
    const { session } = await sessionOf(admitting);
    return { ctx: { ...admitting.base, session: { userId: session.userId, sessionId: session.sessionId } } };
  },
  fail: productFailure,
  document: { access: () => 'A session is used when given.', refusals: SESSION_REFUSALS },
};
