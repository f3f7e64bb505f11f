import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, it, expect } from '@jest/globals';
import { answerMalformedRequest, dropUnreadBodyOnceAnswered } from '@/lib/http/malformed-request-answer';

// A request Node's HTTP parser refuses (an address beyond 16 KB) is answered at once, but its connection stays open for
// reading until the client has sent the rest: closing it earlier makes the kernel answer what still arrives with a
// reset, and a client still writing meets it (EPIPE, ECONNRESET) before it has read the answer ("fetch failed").
// Raw sockets, because fetch meets the reset only when its write and the reset happen to cross.

const REFUSED_HEAD = `DELETE /api/teams/members?unexpected=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: tocsin.test\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n`;
const PIECE = Buffer.alloc(64 * 1024, 'a');
const SMALL_PIECE = Buffer.alloc(1024, 'a');

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((_request, response) => response.end('not refused'));
  server.on('clientError', answerMalformedRequest);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Connection {
  socket: Socket;
  /** Everything the server sent. */
  received: () => string;
  answered: Promise<void>;
  /** Resolves when the client's socket has closed, with its error if there was one. */
  closed: Promise<Error | null>;
  /** Resolves when the server's socket of this connection has closed. */
  serverClosed: Promise<void>;
}

async function sendRefusedHead(head = REFUSED_HEAD): Promise<Connection> {
  const serverClosed = new Promise<void>((resolve) =>
    server.once('connection', (serverSocket: Socket) => serverSocket.once('close', () => resolve())),
  );
  // Half-open allowed, as a client still sending its request keeps writing after the server has closed its side.
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  let received = '';
  let error: Error | null = null;
  socket.on('error', (cause) => (error = cause));
  const answered = new Promise<void>((resolve) =>
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (received.includes('\r\n\r\n')) resolve();
    }),
  );
  const closed = new Promise<Error | null>((resolve) => socket.on('close', () => resolve(error)));
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(head);
  return { socket, received: () => received, answered, closed, serverClosed };
}

/** Writes one piece and waits for the kernel to take it; false when the connection is gone. */
function writePiece(socket: Socket, piece = PIECE): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.destroyed) resolve(false);
    else socket.write(piece, (error) => resolve(!error));
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the answer to a request the HTTP server refuses', () => {
  it('is a JSON 431, and the connection stays open until the client has sent the rest of its request', async () => {
    const connection = await sendRefusedHead();
    await connection.answered;
    for (let piece = 0; piece < 8; piece += 1) {
      expect(await writePiece(connection.socket)).toBe(true);
      await pause(20);
    }
    connection.socket.end();
    expect(await connection.closed).toBeNull();
    await connection.serverClosed;
    const [head, body] = connection.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toContain('Connection: close');
    expect(JSON.parse(body)).toEqual({ errors: ['The request address or headers are too large'] });
  });

  it('is a JSON 400 for what is not HTTP', async () => {
    const connection = await sendRefusedHead('NOT HTTP AT ALL\r\n\r\n');
    await connection.answered;
    connection.socket.end();
    expect(await connection.closed).toBeNull();
    const [head, body] = connection.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toEqual({ errors: ['The request is not valid HTTP'] });
  });

  it('closes the connection of a client that goes quiet without closing it', async () => {
    const connection = await sendRefusedHead();
    await connection.answered;
    await connection.serverClosed;
    connection.socket.destroy();
  });

  it('cuts off a client that keeps sending a little at a time', async () => {
    const connection = await sendRefusedHead();
    await connection.answered;
    while (await writePiece(connection.socket, SMALL_PIECE)) await pause(100);
    await connection.serverClosed;
  });

  it('cuts off a client that keeps sending fast, after a few megabytes', async () => {
    const connection = await sendRefusedHead();
    await connection.answered;
    while (await writePiece(connection.socket));
    await connection.serverClosed;
    // 8 MB dropped, plus what the two kernels' buffers held; seconds of sending over loopback would be gigabytes.
    expect(connection.socket.bytesWritten).toBeLessThan(64 * 1024 * 1024);
  });
});

// Next reads a route's body through an async iterator that nobody pulls once the route has answered without it (a 401,
// a 413 by the declared length): the body stays paused, Node's own dropping of unread bodies does not run, and on Node
// 24+ the kept-alive connection never carried the client's next request.
describe('a request answered before its body was read', () => {
  let early: Server;
  let earlyPort: number;
  beforeAll(async () => {
    early = createServer((request, response) => {
      dropUnreadBodyOnceAnswered(request, response);
      if (request.method === 'GET') {
        response.end('next answer');
        return;
      }
      // As Next does: its reader takes the first chunk, then the route answers without wanting more.
      void request[Symbol.asyncIterator]()
        .next()
        .then(() => response.writeHead(401, { 'Content-Type': 'application/json' }).end('{"errors":["Sign in"]}'));
    });
    await new Promise<void>((resolve) => early.listen(0, '127.0.0.1', resolve));
    earlyPort = (early.address() as { port: number }).port;
  });
  afterAll(async () => {
    early.closeAllConnections();
    await new Promise((resolve) => early.close(resolve));
  });

  it('has the rest of its body dropped, so the same connection answers the next request', async () => {
    const socket = connect({ port: earlyPort, host: '127.0.0.1' });
    let received = '';
    // The second answer is the last thing the server sends.
    const bothAnswered = new Promise<void>((resolve) =>
      socket.on('data', (chunk) => {
        received += chunk.toString();
        if (received.endsWith('next answer')) resolve();
      }),
    );
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const body = Buffer.alloc(1024 * 1024, 'x');
    socket.write(`PUT /api/me/name HTTP/1.1\r\nHost: tocsin.test\r\nContent-Length: ${body.length}\r\n\r\n`);
    socket.write(body);
    socket.write('GET /api/health HTTP/1.1\r\nHost: tocsin.test\r\n\r\n');
    await bothAnswered;
    socket.destroy();
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received).toContain('HTTP/1.1 200 OK');
    expect(received.endsWith('next answer')).toBe(true);
  });
});
