import { describe, it, expect } from '@jest/globals';
import {
  ENDED_KEY,
  ApiCallError,
  CLIENT_ERRORS,
  CUSTOMER_ID_KEY,
  errorBody,
  fileNameFrom,
  sessionEndedPath,
  TOKEN_KEY,
} from '@/lib/http/client';
import { errorMessages } from '@/components/ui/error-messages';
import { clientWith, json } from './client-fake';

async function failure(promise: Promise<unknown>): Promise<ApiCallError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiCallError);
  return error as ApiCallError;
}

describe('API client failures (spec §8)', () => {
  it('gives the status, status text and parsed body with its errors and code', async () => {
    const { api } = clientWith(
      () =>
        new Response(JSON.stringify({ errors: ['Wait 5 minutes'], code: 'loginBanned', minutesRemaining: 5 }), {
          status: 429,
          statusText: 'Too Many Requests',
        }),
    );
    const error = await failure(api.post('/api/login', {}, { anonymous: true }));
    expect(error.status).toBe(429);
    expect(error.statusText).toBe('Too Many Requests');
    expect(error.code).toBe('loginBanned');
    expect(error.messages).toEqual(['Wait 5 minutes']);
    expect(error.body?.minutesRemaining).toBe(5);
    expect(error.sessionEnded).toBe(false);
  });

  it('ends the session on 440: clears token and company and calls back', async () => {
    const { api, store, sessionEndedCount } = clientWith(() => json({ errors: ['Your session has expired'] }, 440), {
      [TOKEN_KEY]: 'tok',
      [CUSTOMER_ID_KEY]: 'c-1',
    });
    const error = await failure(api.get('/api/me'));
    expect(error.status).toBe(440);
    expect(error.sessionEnded).toBe(true);
    // Only the remembered end is left (see "remembers why" below).
    expect([...store.data.keys()]).toEqual([ENDED_KEY]);
    expect(sessionEndedCount()).toBe(1);
  });

  it('hands on the reason a 440 names, and none for an unknown or missing one', async () => {
    const answers = [
      json({ errors: ['Your session has expired'], code: 'sessionEnded', reason: 'passwordChanged' }, 440),
      json({ errors: ['Your session has expired'], code: 'sessionEnded', reason: 'made-up' }, 440),
      json({ errors: ['You are not logged in'] }, 401),
    ];
    for (const answer of answers) {
      const { api, endReasons } = clientWith(() => answer, { [TOKEN_KEY]: 'tok' });
      await failure(api.get('/api/me'));
      expect(endReasons).toHaveLength(1);
      expect(endReasons[0]).toBe(answer === answers[0] ? 'passwordChanged' : undefined);
    }
  });

  it('sends an ended session to /loggedOut with the reason and the page to come back to', () => {
    expect(sessionEndedPath('idle', '/alerts?tab=closed#top')).toBe(
      '/loggedOut?reason=idle&redirect=%2Falerts%3Ftab%3Dclosed%23top',
    );
    expect(sessionEndedPath(undefined, '/')).toBe('/loggedOut?redirect=%2F');
  });

  it('names the reference of a server failure, in the words of the interface', () => {
    const error = new ApiCallError(500, 'Internal Server Error', {
      errors: ['Something went wrong on our side. Reference: 4f0c'],
      code: 'serverError',
      reference: '4f0c',
    });
    expect(errorMessages(error, (key, values) => `${key} ${JSON.stringify(values)}`)).toEqual([
      'apiClient.serverError {"reference":"4f0c"}',
    ]);
  });

  it('ends the session on 401 when a token was sent, not on an anonymous 401 (wrong password at login)', async () => {
    const loggedIn = clientWith(() => json({ errors: ['You are not logged in'] }, 401), { [TOKEN_KEY]: 'tok' });
    expect((await failure(loggedIn.api.get('/api/me'))).sessionEnded).toBe(true);
    expect(loggedIn.session.isLoggedIn()).toBe(false);

    const login = clientWith(() => json({ errors: ['Wrong e-mail or password'], code: 'invalidCredentials' }, 401), {
      [TOKEN_KEY]: 'stale',
    });
    const error = await failure(login.api.post('/api/login', { email: 'a@b.c', password: 'x' }, { anonymous: true }));
    expect(error.sessionEnded).toBe(false);
    expect(login.sessionEndedCount()).toBe(0);
    expect(login.session.token()).toBe('stale');
  });

  it('remembers why the server ended the session, once, so a page reloaded meanwhile still says it', async () => {
    const ended = clientWith(() => json({ errors: ['Session expired'], code: 'sessionEnded', reason: 'idle' }, 440), {
      [TOKEN_KEY]: 'tok',
    });
    await failure(ended.api.get('/api/me'));
    expect(ended.session.isLoggedIn()).toBe(false);
    expect(ended.session.takeEnd()).toEqual({ reason: 'idle' });
    expect(ended.session.takeEnd()).toBeNull();

    // A 401 with a stored token ends it too, without a reason; a new login or a logout forgets the remembered end.
    const unknown = clientWith(() => json({ errors: ['You are not logged in'] }, 401), { [TOKEN_KEY]: 'tok' });
    await failure(unknown.api.get('/api/me'));
    expect(unknown.session.takeEnd()).toEqual({ reason: undefined });
    unknown.session.end('passwordChanged');
    unknown.session.start('new', null);
    expect(unknown.session.takeEnd()).toBeNull();
    unknown.session.end('passwordChanged');
    unknown.session.clear();
    expect(unknown.session.takeEnd()).toBeNull();
  });

  it('leaves the session alone when a 440 arrives but its body cannot be read (the page is being left)', async () => {
    const cutOff = clientWith(
      () =>
        new Response(new ReadableStream({ start: (controller) => controller.error(new TypeError('aborted')) }), {
          status: 440,
        }),
      { [TOKEN_KEY]: 'tok' },
    );
    expect((await failure(cutOff.api.get('/api/me'))).sessionEnded).toBe(false);
    expect(cutOff.session.token()).toBe('tok');
    expect(cutOff.session.takeEnd()).toBeNull();
    expect(cutOff.sessionEndedCount()).toBe(0);
  });

  it('reports a network failure as "Connection timed out"', async () => {
    const { api } = clientWith(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(api.get('/api/me'));
    expect(error.status).toBe(0);
    expect(error.code).toBe('connectionTimedOut');
    expect(error.messages).toEqual([CLIENT_ERRORS.connectionTimedOut]);
  });

  it('gives up after the timeout with "Connection timed out"', async () => {
    const { api } = clientWith(
      (_request, signal) =>
        new Promise<Response>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const error = await failure(api.get('/api/slow', { timeoutMs: 20 }));
    expect(error.status).toBe(0);
    expect(error.messages).toEqual(['Connection timed out. Did your network connection fall out?']);
  });

  it('passes a cancellation by the caller through as is', async () => {
    const { api } = clientWith(
      (_request, signal) =>
        new Promise<Response>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const controller = new AbortController();
    const call = api.get('/api/slow', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reports an empty answer with another status as "Invalid URL"', async () => {
    const { api } = clientWith(() => new Response(null, { status: 404, statusText: 'Not Found' }));
    const error = await failure(api.get('/api/nowhere'));
    expect(error.code).toBe('invalidUrl');
    expect(error.messages).toEqual(['Invalid URL']);
  });

  it('falls back to the status line for an answer that is not JSON', async () => {
    expect(errorBody(502, '<html>Bad gateway</html>')).toBeNull();
    const { api } = clientWith(
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    expect((await failure(api.get('/api/me'))).messages).toEqual(['502 Bad Gateway']);
  });
});

describe('error dialog messages', () => {
  const translate = (key: string) => `translated:${key}`;

  it('lists the server messages', () => {
    expect(
      errorMessages(
        new ApiCallError(400, 'Bad Request', { errors: ['Name is required', 'Phone is not valid'] }),
        translate,
      ),
    ).toEqual(['Name is required', 'Phone is not valid']);
  });

  it('translates the client-made messages', () => {
    expect(errorMessages(new ApiCallError(0, '', errorBody(0, '')), translate)).toEqual([
      'translated:apiClient.connectionTimedOut',
    ]);
    expect(errorMessages(new ApiCallError(404, 'Not Found', errorBody(404, '')), translate)).toEqual([
      'translated:apiClient.invalidUrl',
    ]);
  });

  it('translates the answer of a throttle or the login ban (429)', () => {
    const throttled = new ApiCallError(429, 'Too Many Requests', {
      code: 'throttled',
      minutesRemaining: 3,
      errors: ['Too many requests. Wait 3 minute(s) to try again'],
    });
    expect(errorMessages(throttled, translate)).toEqual(['translated:apiClient.throttled']);
    const banned = new ApiCallError(429, 'Too Many Requests', {
      code: 'loginBanned',
      minutesRemaining: 15,
      errors: ['x'],
    });
    expect(errorMessages(banned, translate)).toEqual(['translated:apiClient.loginBanned']);
  });

  it("says in the person's language that the operators suspended the company", () => {
    const suspended = new ApiCallError(403, 'Forbidden', {
      code: 'companySuspended',
      errors: ['This company is suspended. Contact whoever runs Tocsin for you to restore it'],
    });
    expect(errorMessages(suspended, translate)).toEqual(['translated:apiClient.companySuspended']);
  });

  it('stringifies anything else', () => {
    expect(errorMessages(new Error('boom'), translate)).toEqual(['boom']);
    expect(errorMessages({ reason: 'x' }, translate)).toEqual(['{"reason":"x"}']);
  });

  it('shows nothing for an error that ended the session', () => {
    expect(errorMessages(new ApiCallError(440, '', { errors: ['expired'] }, true), translate)).toBeNull();
  });
});

describe('file names of downloads', () => {
  it.each([
    ['attachment; filename="my data.json"', 'my data.json'],
    ['attachment; filename=plain.json', 'plain.json'],
    ['attachment; filename="fallback.json"; filename*=UTF-8\'\'K%C3%A5re.json', 'Kåre.json'],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, expected) => {
    expect(fileNameFrom(header)).toBe(expected);
  });
});
