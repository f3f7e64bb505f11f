import { io, type Socket } from 'socket.io-client';

/** A member's live connection to /eventHub, recording the company events it receives. */
export interface CompanyEventListener {
  /** Resolves with the payload of the next `event` (e.g. `newMissionCustomerId:<id>`); rejects after `timeoutMs`. */
  next(event: string, timeoutMs?: number): Promise<unknown>;
  /** Every event received so far, in order. */
  readonly received: ReadonlyArray<{ event: string; payload: unknown }>;
  /** Whether the connection dropped (it does not reconnect, so events after a drop are missed). */
  readonly disconnected: boolean;
  close(): void;
}

export interface ListenOptions {
  /** A Cookie header for the connection's requests (a load balancer's sticky-session cookie). */
  cookie?: string;
  /**
   * Long polling instead of a WebSocket, as a browser whose WebSocket is blocked falls back to: a series of HTTP
   * requests, with the cookies the server (or a proxy) sets kept and sent back, as a browser does.
   */
  polling?: boolean;
}

export async function listenToCompany(
  baseUrl: string,
  token: string,
  customerId: string,
  options: ListenOptions = {},
): Promise<CompanyEventListener> {
  const socket: Socket = io(baseUrl, {
    path: '/eventHub',
    auth: { token, customerId },
    transports: [options.polling ? 'polling' : 'websocket'],
    withCredentials: options.polling,
    extraHeaders: options.cookie ? { cookie: options.cookie } : undefined,
    reconnection: false,
  });
  const received: { event: string; payload: unknown }[] = [];
  let disconnected = false;
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  socket.on('disconnect', () => {
    disconnected = true;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    next: (event, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
        socket.once(event, (payload: unknown) => {
          clearTimeout(timer);
          resolve(payload);
        });
      }),
    received,
    get disconnected() {
      return disconnected;
    },
    close: () => socket.close(),
  };
}
