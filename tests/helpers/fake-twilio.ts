import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small stand-in for Twilio's REST API at the HTTP boundary (the shape of api.twilio.com 2010-04-01): it checks HTTP
// Basic auth with the account SID and auth token, takes form-encoded Messages.json requests and answers like Twilio
// (201 with the message resource, or an error body { code, message, more_info, status }). Only Messages for now.

export interface FakeSms {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export interface FakeTwilio {
  /** http://127.0.0.1:<port>, for TWILIO_API_URL. */
  url: string;
  accountSid: string;
  authToken: string;
  /** Messages Twilio accepted, in order. */
  messages: FakeSms[];
  /** Every request as `METHOD /path -> status`. */
  log: string[];
  /** Numbers Twilio refuses as invalid (400, code 21211). */
  invalidNumbers: Set<string>;
  /** Answer the next n message requests with 503 (a temporary outage). */
  failNext(count: number): void;
  stop(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function reply(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

function twilioError(response: ServerResponse, status: number, code: number, message: string): void {
  reply(response, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const messages: FakeSms[] = [];
  const log: string[] = [];
  const invalidNumbers = new Set<string>();
  let outages = 0;

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const send = (status: number, handler: () => void) => {
      log.push(`${request.method} ${path} -> ${status}`);
      handler();
    };
    const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expectedAuth) {
      return send(401, () => twilioError(response, 401, 20003, 'Authentication Error - invalid username'));
    }
    if (request.method !== 'POST' || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
      return send(404, () => twilioError(response, 404, 20404, 'The requested resource was not found'));
    }
    const form = new URLSearchParams(await readBody(request));
    const [to, from, body] = [form.get('To') ?? '', form.get('From') ?? '', form.get('Body') ?? ''];
    if (outages > 0) {
      outages -= 1;
      return send(503, () => twilioError(response, 503, 20500, 'Service Unavailable'));
    }
    if (!to || !from || !body) return send(400, () => twilioError(response, 400, 21604, "A 'To', 'From' and 'Body' are required"));
    if (invalidNumbers.has(to)) return send(400, () => twilioError(response, 400, 21211, `The 'To' number ${to} is not a valid phone number.`));
    const sid = `SM${randomBytes(16).toString('hex')}`;
    messages.push({ sid, to, from, body });
    send(201, () =>
      reply(response, 201, { sid, account_sid: accountSid, to, from, body, status: 'queued', direction: 'outbound-api', date_created: new Date().toUTCString(), num_segments: '1', price: null, error_code: null, error_message: null, uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json` }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    log,
    invalidNumbers,
    failNext: (count) => {
      outages = count;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
