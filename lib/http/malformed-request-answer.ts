import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex, Readable } from 'node:stream';

// Requests refused before Next sees them, answered with the API's JSON error body like any other refusal (Node's and
// Next's own answers to them are a bare status or a 500 page); and the rest of a request answered without its body.

// After answering a refused request, the rest of it is read and dropped until the client has sent all of it, within
// these bounds (so a client cannot hold the connection or the server's reading): at most this long in all, ...
const DRAIN_MS = 5_000;
// ... this long without anything arriving, ...
const DRAIN_IDLE_MS = 1_000;
// ... and this many bytes.
const DRAIN_BYTES = 8 * 1024 * 1024;

/** The connections answered here: Node's parser stays failed and reports its error again for every later chunk. */
const answered = new WeakSet<Duplex>();

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
  if (answered.has(socket)) return;
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  answered.add(socket);
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
  // Only the sending side is closed here: the socket closes when the client ends its side too (docs/decisions.md).
  socket.end(`HTTP/1.1 ${status}\r\n${headers}\r\n${body}`);
  // A 'data' listener on the socket also takes its reading back from Node's HTTP parser, which has nothing left to parse.
  dropRestOf(socket, socket);
}

/**
 * Once a request is answered without its body having been read to the end (a 401 or 413 that did not need it), reads
 * and drops the rest, so that the kept-alive connection carries the client's next request. Next leaves such a body
 * paused behind a reader nobody pulls, so Node's own dropping of unread bodies does not run, and from Node 24 on the
 * connection then waited for it forever: the client's next request on it was never answered.
 */
export function dropUnreadBodyOnceAnswered(request: IncomingMessage, response: ServerResponse): void {
  response.once('finish', () => {
    if (request.complete || request.destroyed) return;
    // A 'readable' listener (the paused reader) would keep resume() from letting the body flow.
    request.removeAllListeners('readable');
    dropRestOf(request, request.socket);
    request.resume();
  });
}

/**
 * Reads and drops what the client still sends of `stream` (a socket answered whole, or a request's body) until it
 * ends, within the bounds above, and closes `socket` beyond them. Closing a socket while the client is still writing
 * would make the kernel answer the rest with a reset, which the client can meet before it has read the answer
 * (RFC 9112 §9.6).
 */
function dropRestOf(stream: Readable | Duplex, socket: Duplex): void {
  const cut = () => socket.destroy();
  const total = setTimeout(cut, DRAIN_MS);
  const idle = setTimeout(cut, DRAIN_IDLE_MS);
  total.unref();
  idle.unref();
  let dropped = 0;
  stream.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_BYTES) cut();
    else idle.refresh();
  });
  const stop = () => {
    clearTimeout(total);
    clearTimeout(idle);
  };
  stream.once('end', stop);
  stream.once('close', stop);
}
