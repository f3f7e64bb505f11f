import { createApiClient, createSession, type KeyValueStore } from '@/lib/http/client';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** The client over a fake fetch that answers with `answer` and records every request. */
export function clientWith(
  answer: (request: RecordedRequest, signal: AbortSignal) => Promise<Response> | Response,
  stored: Record<string, string> = {},
) {
  const store = memoryStore(stored);
  const session = createSession(() => store);
  const requests: RecordedRequest[] = [];
  const endReasons: (string | undefined)[] = [];
  const fakeFetch = (async (url: string, init: RequestInit = {}) => {
    const request = {
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
    };
    requests.push(request);
    return answer(request, init.signal as AbortSignal);
  }) as typeof fetch;
  const api = createApiClient({ fetch: fakeFetch, session, onSessionEnded: (reason) => void endReasons.push(reason) });
  return { api, session, store, requests, sessionEndedCount: () => endReasons.length, endReasons };
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
