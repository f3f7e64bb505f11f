// The one browser API client (spec §7–§8, DESIGN §2): bearer token and CustomerId from local storage, the version
// header, a timeout, renewed tokens, the end of a session (440) and the two "empty answer" messages.

import { isSessionEndReason, type SessionEndReason } from '@/lib/auth/session-end-reason';

export const API_VERSION = '2.2';
export const DEFAULT_TIMEOUT_MS = 10_000;
/** For adding users (spec §9). */
export const ADD_USERS_TIMEOUT_MS = 30_000;
export const TOKEN_KEY = 'tocsin.token';
export const CUSTOMER_ID_KEY = 'tocsin.customerId';
/** Why the stored session ended, kept until /loggedOut has said it or the next login (see Session.end). */
export const ENDED_KEY = 'tocsin.sessionEnded';
/** The responder's pages (issue 33). */
export const RESPONDER_PATH = '/r';
const UNKNOWN_END = 'unknown';
export const SESSION_ENDED_PATH = '/loggedOut';
const SESSION_EVENT = 'tocsin:session';

/**
 * Codes the client itself gives to answers without a body. The dialog layer shows their translated text
 * (messages namespace apiClient); the English text below is the fallback.
 */
export const CLIENT_ERRORS = {
  connectionTimedOut: 'Connection timed out. Did your network connection fall out?',
  invalidUrl: 'Invalid URL',
} as const;
export type ClientErrorCode = keyof typeof CLIENT_ERRORS;

export interface ApiErrorBody {
  errors?: string[];
  code?: string;
  [field: string]: unknown;
}

export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: ApiErrorBody | null,
    /** True when this answer ended the session (440, or 401 with a stored token): the browser is on its way to /loggedOut. */
    readonly sessionEnded = false,
  ) {
    super(errorList(body).join('; ') || `${status} ${statusText}`.trim());
    this.name = 'ApiCallError';
  }

  get code(): string | undefined {
    return typeof this.body?.code === 'string' ? this.body.code : undefined;
  }

  /** The server's messages (the `errors` list), or the status line when the answer had none. */
  get messages(): string[] {
    const list = errorList(this.body);
    return list.length > 0 ? list : [`${this.status} ${this.statusText}`.trim()];
  }
}

/** No answer came (no network, or none in time: the client's status 0), so the server may not have seen the call. */
export const isNoAnswer = (error: unknown): boolean => error instanceof ApiCallError && error.status === 0;

function errorList(body: ApiErrorBody | null): string[] {
  return Array.isArray(body?.errors) ? body.errors.filter((e): e is string => typeof e === 'string') : [];
}

export interface CallOptions {
  timeoutMs?: number;
  /** No bearer token or CustomerId, and a 401 does not end the stored session (login, sign-up, reset by link). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

/**
 * /loggedOut saying why the session ended (the 440 answer's `reason`; none when unknown) and the page to come back to
 * after logging in again.
 */
export function sessionEndedPath(reason: SessionEndReason | undefined, originalPath: string): string {
  const query = new URLSearchParams();
  if (reason) query.set('reason', reason);
  query.set('redirect', originalPath);
  return `${SESSION_ENDED_PATH}?${query.toString()}`;
}

/** The path, query and fragment of the page the browser is on. */
export function currentPagePath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Session: the login token and the current company id, kept in local storage (spec §7 External).
//
// The console and the responder keep separate sessions in the same origin: the responder's is a device session (months
// long, a member's rights), so signing in or out on one never changes the other, and a console token never lands in
// the responder's long-lived storage.

/** Which stored session a page acts for. */
export type SessionScope = 'console' | 'responder';

export interface SessionKeys {
  token: string;
  customerId: string;
  ended: string;
}

const SESSION_KEYS: Record<SessionScope, SessionKeys> = {
  console: { token: TOKEN_KEY, customerId: CUSTOMER_ID_KEY, ended: ENDED_KEY },
  responder: {
    token: 'tocsin.responder.token',
    customerId: 'tocsin.responder.customerId',
    ended: 'tocsin.responder.sessionEnded',
  },
};

export const sessionKeysOf = (scope: SessionScope): SessionKeys => SESSION_KEYS[scope];

/** Whether a same-origin path (query and fragment allowed) is one of the responder's pages. */
export function isResponderPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0];
  return pathname === RESPONDER_PATH || pathname.startsWith(`${RESPONDER_PATH}/`);
}

/**
 * The session a page acts for: the responder's on its pages and on the pages that lead back to one (the login and
 * /loggedOut with a responder `redirect`), else the console's.
 */
export function sessionScopeOf(location: { pathname: string; search: string }): SessionScope {
  if (isResponderPath(location.pathname)) return 'responder';
  const redirect = new URLSearchParams(location.search).get('redirect');
  return redirect !== null && redirect.startsWith('/') && isResponderPath(redirect) ? 'responder' : 'console';
}

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Session {
  token(): string | null;
  customerId(): string | null;
  start(token: string, customerId: string | null): void;
  setCustomerId(id: string | null): void;
  /** Swaps in a renewed token (X-Session-Token), unless the session has ended meanwhile. */
  renewToken(token: string): void;
  /** Forgets the token and the company (a logout, or /loggedOut showing why). */
  clear(): void;
  /**
   * The server ended the session (440): forgets it like clear(), and remembers why, so a page opened or reloaded before
   * the move to /loggedOut still lands there instead of on the login page.
   */
  end(reason: SessionEndReason | undefined): void;
  /** The remembered end, once: null when the session was not ended by the server (or it was already said). */
  takeEnd(): { reason: SessionEndReason | undefined } | null;
  isLoggedIn(): boolean;
  /** Calls back on every change, in this tab or another; returns the unsubscribe function. */
  subscribe(onChange: () => void): () => void;
}

export function createSession(
  store: () => KeyValueStore | null,
  notify: () => void = () => undefined,
  listen: (onChange: () => void) => () => void = () => () => undefined,
  scope: () => SessionScope = () => 'console',
): Session {
  const keys = () => SESSION_KEYS[scope()];
  const read = (key: keyof SessionKeys) => store()?.getItem(keys()[key]) || null;
  const write = (key: keyof SessionKeys, value: string | null) => {
    const target = store();
    if (!target) return;
    if (value) target.setItem(keys()[key], value);
    else target.removeItem(keys()[key]);
  };
  /** Drops the token and the company, keeping why the server ended the session (null: nothing to say). */
  const forget = (endedBecause: string | null) => {
    write('ended', endedBecause);
    write('token', null);
    write('customerId', null);
    notify();
  };
  return {
    token: () => read('token'),
    customerId: () => read('customerId'),
    start(token, customerId) {
      write('ended', null);
      write('token', token);
      write('customerId', customerId);
      notify();
    },
    setCustomerId(id) {
      write('customerId', id);
      notify();
    },
    renewToken(token) {
      if (read('token')) write('token', token);
    },
    clear: () => forget(null),
    end: (reason) => forget(reason ?? UNKNOWN_END),
    takeEnd() {
      const stored = read('ended');
      if (stored === null) return null;
      write('ended', null);
      return { reason: isSessionEndReason(stored) ? stored : undefined };
    },
    isLoggedIn: () => read('token') !== null,
    subscribe: listen,
  };
}

function browserStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked by the browser's privacy settings
  }
}

const browserSession = (scope: () => SessionScope): Session =>
  createSession(
    browserStore,
    () => window.dispatchEvent(new Event(SESSION_EVENT)),
    (onChange) => {
      const onStorage = (event: StorageEvent) => {
        const keys = sessionKeysOf(scope());
        if (event.key === null || event.key === keys.token || event.key === keys.customerId) onChange();
      };
      window.addEventListener(SESSION_EVENT, onChange);
      window.addEventListener('storage', onStorage);
      return () => {
        window.removeEventListener(SESSION_EVENT, onChange);
        window.removeEventListener('storage', onStorage);
      };
    },
    scope,
  );

/** The session of the page the browser is on (sessionScopeOf). */
export const session: Session = browserSession(() =>
  typeof window === 'undefined' ? 'console' : sessionScopeOf(window.location),
);

/** The stored session of one scope wherever the page is (the return from Microsoft knows where it leads). */
export const sessionIn = (scope: SessionScope): Session => browserSession(() => scope);

// ---------------------------------------------------------------------------------------------------------------
// Calls

/** The request headers of spec §7. */
export function requestHeaders(input: {
  token: string | null;
  customerId: string | null;
  anonymous?: boolean;
}): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'X-Api-Version': API_VERSION,
  };
  if (!input.anonymous) {
    if (input.token) headers.Authorization = `Bearer ${input.token}`;
    if (input.customerId) headers.CustomerId = input.customerId;
  }
  return headers;
}

/** The answer's body as an error body: its JSON object, or the client's own message when the answer was empty. */
export function errorBody(status: number, text: string): ApiErrorBody | null {
  if (text.trim() === '') return clientError(status === 0 ? 'connectionTimedOut' : 'invalidUrl');
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ApiErrorBody) : null;
  } catch {
    return null; // not JSON (e.g. a proxy's HTML page): messages fall back to the status line
  }
}

function clientError(code: ClientErrorCode): ApiErrorBody {
  return { errors: [CLIENT_ERRORS[code]], code };
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameFrom(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // malformed: try the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(contentDisposition);
  if (!plain) return null;
  return plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2].trim();
}

export interface ApiClient {
  get<T>(path: string, options?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  /** A non-JSON answer (a file, audio): its bytes, its file name, and its headers. */
  download(path: string, options?: CallOptions): Promise<{ blob: Blob; fileName: string | null; headers: Headers }>;
}

export interface ClientDeps {
  fetch: typeof fetch;
  session: Session;
  /** Called after a 440 (or a 401 with a stored token) cleared the session, with the reason the 440 named. */
  onSessionEnded: (reason: SessionEndReason | undefined) => void;
}

export function createApiClient(deps: ClientDeps): ApiClient {
  async function call<T>(
    method: string,
    path: string,
    body: unknown,
    options: CallOptions,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const forwardAbort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', forwardAbort, { once: true });
    const hadToken = !options.anonymous && deps.session.isLoggedIn();
    try {
      let response: Response;
      try {
        response = await deps.fetch(path, {
          method,
          headers: requestHeaders({
            token: deps.session.token(),
            customerId: deps.session.customerId(),
            anonymous: options.anonymous,
          }),
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller.signal,
          cache: 'no-store',
        });
      } catch (error) {
        if (options.signal?.aborted && !timedOut) throw error; // the caller cancelled: not a failure to report
        throw new ApiCallError(0, '', clientError('connectionTimedOut'));
      }

      const renewed = response.headers.get('X-Session-Token');
      if (renewed && !options.anonymous) deps.session.renewToken(renewed);

      if (response.ok) return await read(response);

      const text = await response.text().catch(() => null);
      // A 440 whose body could not be read (the page is being left, a reload cut it off) is not acted on: the reason
      // is in the body, and the next request, from this page or the reloaded one, meets the same 440 and reads it.
      const unreadEnd = text === null && response.status === 440;
      const ended = !unreadEnd && (response.status === 440 || (response.status === 401 && hadToken));
      const errorAnswer = errorBody(response.status, text ?? '');
      if (ended) {
        const reason = isSessionEndReason(errorAnswer?.reason) ? errorAnswer.reason : undefined;
        deps.session.end(reason);
        deps.onSessionEnded(reason);
      }
      throw new ApiCallError(response.status, response.statusText, errorAnswer, ended);
    } catch (error) {
      if (timedOut && !(error instanceof ApiCallError))
        throw new ApiCallError(0, '', clientError('connectionTimedOut'));
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  async function readJson<T>(response: Response): Promise<T> {
    const text = await response.text();
    if (text.trim() === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      return text as T;
    }
  }

  async function readFile(response: Response) {
    return {
      blob: await response.blob(),
      fileName: fileNameFrom(response.headers.get('Content-Disposition')),
      headers: response.headers,
    };
  }

  return {
    get: <T>(path: string, options: CallOptions = {}) => call<T>('GET', path, undefined, options, readJson),
    post: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
      call<T>('POST', path, body, options, readJson),
    put: <T>(path: string, body?: unknown, options: CallOptions = {}) => call<T>('PUT', path, body, options, readJson),
    patch: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
      call<T>('PATCH', path, body, options, readJson),
    delete: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
      call<T>('DELETE', path, body, options, readJson),
    download: (path: string, options: CallOptions = {}) => call('GET', path, undefined, options, readFile),
  };
}

export const api: ApiClient = createApiClient({
  fetch: (input, init) => fetch(input, init),
  session,
  onSessionEnded: (reason) => window.location.assign(sessionEndedPath(reason, currentPagePath())),
});
