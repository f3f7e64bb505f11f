import type { ApiError } from '@/lib/api-error';
import type { PublicCtx } from '@/lib/context';
import { jsonAnswer } from './answers';

/** How a request ended, for a kind that keeps a record of its requests (the directory's provisioning log). */
export interface Outcome {
  status: number;
  /** The refusal or failure (an unexpected error is a 500 `ApiError` by then). */
  error?: ApiError;
  /** The operation's result, on success. */
  result?: unknown;
}

/** The request being let in, as an authentication kind sees it. */
export interface Admitting {
  request: Request;
  /** What every context has: the database, the clock, the request id, the client's address and agent. */
  base: PublicCtx;
  /** The answer's headers, success or failure: a kind may add its own (a renewed session token). */
  headers: Record<string, string>;
  /** Runs once the answer is known, whatever it is; a kind registers it once it knows who asks. */
  onAnswer(listener: (outcome: Outcome) => Promise<void>): void;
}

/** Who asks, for the operation (`ctx`), and what the kind read of the request on the way (`input`, joined to it). */
export interface Admission<C, I> {
  ctx: C;
  input?: I;
}

/** What the OpenAPI document (lib/openapi/) says about an operation of this kind. */
export interface KindDocument<O> {
  /** The operation's description: who may call it. */
  access(options: O): string;
  /** Headers it reads besides the bearer token (CustomerId). */
  headers?: { name: string; required: boolean; schema: Record<string, unknown> }[];
  /** No bearer token: `security: []`. */
  noBearer?: boolean;
  /** Its refusals beyond 400 and 404, by status: a `$ref` to a shared response or one of its own. */
  refusals: Record<string, unknown>;
  /** The media type of a body it reads itself (a Twilio form, signed). */
  bodyType?: string;
}

/**
 * One way a request is let in (`route()`'s `auth`), entered in the wrapper's table (lib/http/auth-kinds.ts) by the
 * module that implements it: who asks and the context the operation gets (`C`), the route options it takes (`O`),
 * what it reads of the request for the operation (`I`), its answers' media type and its failure body.
 */
export interface AuthKind<C, O extends object = Record<never, never>, I extends object = Record<never, never>> {
  /** The context of the operation, or a thrown `ApiError` (401, 403...) answered in this kind's failure format. */
  authenticate(admitting: Admitting, options: O): Promise<Admission<C, I>>;
  /** Every failure of a request of this kind, from the version check to the operation's own. */
  fail(error: ApiError, headers: Record<string, string>): Response;
  /** The media type of its JSON answers, when not `application/json`. */
  jsonType?: string;
  document: KindDocument<O>;
}

/** The product's failure body (DESIGN §2): `{ "errors": [...] }` with the error's `code` and details. */
export function productFailure(error: ApiError, headers: Record<string, string>): Response {
  return jsonAnswer({ ...error.details, errors: error.messages }, error.status, { ...headers, ...error.headers });
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerTokenOf(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null;
}
