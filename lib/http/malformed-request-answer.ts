import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

// Requests refused before Next sees them, answered with the API's JSON error body like any other refusal (Node's and
// Next's own answers to them are a bare status or a 500 page).

/** How long the rest of a refused request is read and dropped before its connection is cut. */
const DRAIN_MS = 5_000;

const JSON_ERROR_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * Answers 400 when the path has a percent-escape that does not decode (`%FF`, `%ED%A0%80` for a lone surrogate,
 * `%ZZ`): Next's router cannot decode it either and answered 500. Returns whether it answered.
 */
export function refuseUndecodablePath(request: IncomingMessage, response: ServerResponse): boolean {
  const path = (request.url ?? '/').split('?')[0];
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    response.writeHead(400, JSON_ERROR_HEADERS).end(JSON.stringify({ errors: ['The request address is not valid'] }));
    return true;
  }
}

/**
 * What Node's HTTP server answers itself, before any route sees the request (its `clientError` event): headers or an
 * address beyond its 16 KB limit, a request line or headers it cannot parse, a client too slow to send them.
 */
export function answerMalformedRequest(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ['431 Request Header Fields Too Large', 'The request address or headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['408 Request Timeout', 'The request took too long to arrive']
        : ['400 Bad Request', 'The request is not valid HTTP'];
  const body = JSON.stringify({ errors: [message] });
  const headers = Object.entries({
    ...JSON_ERROR_HEADERS,
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  // What the client still sends (the rest of a long address, its body) is read and dropped until it is done, for at
  // most DRAIN_MS: a socket closed with unread data makes the kernel answer with a reset, which the client may meet
  // before it has read this answer ("fetch failed" instead of a 431).
  socket.resume();
  const drained = setTimeout(() => socket.destroy(), DRAIN_MS);
  drained.unref();
  socket.once('close', () => clearTimeout(drained));
  socket.end(`HTTP/1.1 ${status}\r\n${headers}\r\n${body}`);
}
