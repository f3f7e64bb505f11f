import { directoryKeyAuth } from '@/lib/scim/directory-key-auth';
import { buttonCodeAuth } from '@/lib/iot/button-code-auth';
import { metricsTokenAuth } from '@/lib/metrics/metrics-token-auth';
import { twilioSignatureAuth } from '@/lib/providers/twilio/twilio-signature-auth';
import type { AuthKind } from '@/lib/http-parts/auth-kind';
import { publicAuth } from './public-auth';
import { operatorAuth, optionalSessionAuth, sessionAuth, userSessionAuth } from './session-auth';

/**
 * The ways a request is let in, by the name a route gives as its `auth` (the default is `session`). Each kind lives in
 * the module of its area and brings its context, route options, failure body and what the OpenAPI document says;
 * the route wrapper knows none of them by name. A new kind is one module and one line here.
 */
export const AUTH_KINDS = {
  /** A company route: session, CustomerId company, role, plan and feature gates (lib/http/session-auth.ts). */
  session: sessionAuth,
  /** An account route: a session, no company needed. */
  user: userSessionAuth,
  /** The install's operators, across companies (issue 35). */
  operator: operatorAuth,
  /** A session when a bearer token is sent, else a visitor. */
  optional: optionalSessionAuth,
  /** Visitors: nobody is asked who they are (lib/http/public-auth.ts). */
  none: publicAuth,
  /** SCIM: a directory key, SCIM answers and the provisioning log (lib/scim/directory-key-auth.ts). */
  directory: directoryKeyAuth,
  /** A Flic button by the code in its `code` header (lib/iot/button-code-auth.ts). */
  buttonCode: buttonCodeAuth,
  /** Twilio's callbacks by their signature (lib/providers/twilio/twilio-signature-auth.ts). */
  twilioSignature: twilioSignatureAuth,
  /** A Prometheus scraper by METRICS_TOKEN (lib/metrics/metrics-token-auth.ts). */
  metricsToken: metricsTokenAuth,
} satisfies Record<string, AuthKind<unknown, never, object>>;

export type AuthKinds = typeof AUTH_KINDS;
export type AuthKindName = keyof AuthKinds;
