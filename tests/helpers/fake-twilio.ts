import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small stand-in for Twilio's REST API at the HTTP boundary (the shape of api.twilio.com 2010-04-01): it checks HTTP
// Basic auth with the account SID and auth token, takes form-encoded Messages.json and Calls.json create requests and
// answers like Twilio (201 with the resource, or an error body { code, message, more_info, status }), and lists both
// (GET with To / From filters, PageSize and Page, newest first, in Twilio's list envelope). Like Twilio it takes only so
// many requests of the account at once (past that: 429 with error 20429, the request not processed), answers after a
// latency, and places calls at the account's calls per second, queueing those requested faster (QueueTime).

export interface FakeSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  /** The StatusCallback given, if any. */
  statusCallback?: string;
  /** When Twilio took it; a test may move it back to stand for an earlier message. */
  dateCreated: Date;
}

export interface FakeCall {
  sid: string;
  to: string;
  from: string;
  /** Where Twilio fetches the call's TwiML, and with which method. */
  url: string;
  method: string;
  statusCallback?: string;
  statusCallbackEvents: string[];
  statusCallbackMethod?: string;
  /** When Twilio places the call: at once, or later when calls were requested faster than the calls per second. */
  placedAt: Date;
  /** How long the call waited in Twilio's queue (placedAt - dateCreated), as `queue_time` in its resource. */
  queueTimeMs: number;
  /** Every form field of the create request, for checks on what was (not) asked, e.g. MachineDetection. */
  form: Record<string, string>;
  dateCreated: Date;
}

export interface FakeTwilio {
  /** http://127.0.0.1:<port>, for TWILIO_API_URL. */
  url: string;
  accountSid: string;
  authToken: string;
  /** Messages Twilio accepted, in order. */
  messages: FakeSms[];
  /** Calls Twilio accepted, in order. */
  calls: FakeCall[];
  /** Every request as `METHOD /path -> status`. */
  log: string[];
  /** Numbers Twilio refuses as invalid (400, code 21211), for messages and calls. */
  invalidNumbers: Set<string>;
  /**
   * Numbers that opted out at Twilio (replied STOP under its default handling): a message to one is refused with 400 and
   * error 21610, as Twilio's API does, and not recorded. Calls are not affected.
   */
  optedOutNumbers: Set<string>;
  /** Numbers whose next n create requests answer 503 (a passing failure of one message); counts down per request. */
  flakyNumbers: Map<string, number>;
  /** Take the next n messages or calls, then cut the connection without an answer (a timeout, a network cut). */
  dropNextAnswers(count: number): void;
  /** Answer the next n create requests (message or call) with 503 (a temporary outage). */
  failNext(count: number): void;
  /** Create requests (POST Messages.json / Calls.json) with this To, accepted or refused. */
  createRequests(to: string): number;
  /** List requests (GET Messages.json / Calls.json) filtered on this To. */
  listRequests(to: string): number;
  /** Hold every answer back this long (after a create is recorded: Twilio has it, its answer is late). 0 = none. */
  setDelay(ms: number): void;
  /** Requests answered 429 (error 20429) because more than `maxConcurrent` of the account's were in flight. */
  tooManyRequests: number;
  /** The most requests that were in flight at once (answered 429 or not). */
  peakInFlight: number;
  /** performance.now() when the last create request (message or call) was accepted; 0 before any. */
  lastCreateAt: number;
  stop(): Promise<void>;
}

export interface FakeTwilioOptions {
  /** How long Twilio takes to answer a request (ms). Default 0; Twilio's REST API answers in ~150 ms. */
  latencyMs?: number;
  /** The account's concurrency limit: requests in flight past it are answered 429 / 20429. Default 100, Twilio's. */
  maxConcurrent?: number;
  /** The account's calls per second (CPS): calls requested faster wait in Twilio's queue. Default 1, Twilio's. */
  callsPerSecond?: number;
}

type Resource = 'Messages' | 'Calls';

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function reply(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** A status and Twilio's error body. */
function twilioError(status: number, code: number, message: string): [number, object] {
  return [status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }];
}

/** Twilio's RFC 2822 timestamps: "Sun, 22 Nov 2026 04:28:34 +0000". */
const rfc2822 = (date: Date | null) => date && date.toUTCString().replace('GMT', '+0000');

function count(counter: Map<string, number>, to: string): void {
  counter.set(to, (counter.get(to) ?? 0) + 1);
}

export async function startFakeTwilio(options: FakeTwilioOptions = {}): Promise<FakeTwilio> {
  const maxConcurrent = options.maxConcurrent ?? 100;
  const callIntervalMs = 1000 / (options.callsPerSecond ?? 1);
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const base = `/2010-04-01/Accounts/${accountSid}`;
  const messages: FakeSms[] = [];
  const calls: FakeCall[] = [];
  const log: string[] = [];
  const invalidNumbers = new Set<string>();
  const optedOutNumbers = new Set<string>();
  const flakyNumbers = new Map<string, number>();
  const creates = new Map<string, number>();
  const lists = new Map<string, number>();
  let outages = 0;
  let droppedAnswers = 0;
  let delayMs = options.latencyMs ?? 0;
  let inFlight = 0;
  let nextPlacement = 0;
  const counters = { tooManyRequests: 0, peakInFlight: 0, lastCreateAt: 0 };

  const messageResource = (message: FakeSms) => ({
    sid: message.sid,
    account_sid: accountSid,
    to: message.to,
    from: message.from,
    body: message.body,
    status: 'queued',
    direction: 'outbound-api',
    date_created: rfc2822(message.dateCreated),
    date_updated: rfc2822(message.dateCreated),
    date_sent: null,
    num_segments: '1',
    num_media: '0',
    messaging_service_sid: null,
    price: null,
    price_unit: 'USD',
    error_code: null,
    error_message: null,
    api_version: '2010-04-01',
    uri: `${base}/Messages/${message.sid}.json`,
    subresource_uris: { media: `${base}/Messages/${message.sid}/Media.json` },
  });

  const callResource = (call: FakeCall) => ({
    sid: call.sid,
    account_sid: accountSid,
    parent_call_sid: null,
    to: call.to,
    to_formatted: call.to,
    from: call.from,
    from_formatted: call.from,
    phone_number_sid: null,
    status: 'queued',
    direction: 'outbound-api',
    date_created: rfc2822(call.dateCreated),
    date_updated: rfc2822(call.dateCreated),
    start_time: null,
    end_time: null,
    duration: null,
    price: null,
    price_unit: 'USD',
    answered_by: null,
    forwarded_from: null,
    caller_name: null,
    group_sid: null,
    queue_time: String(call.queueTimeMs),
    trunk_sid: null,
    api_version: '2010-04-01',
    uri: `${base}/Calls/${call.sid}.json`,
    subresource_uris: {
      recordings: `${base}/Calls/${call.sid}/Recordings.json`,
      notifications: `${base}/Calls/${call.sid}/Notifications.json`,
    },
  });

  /** Twilio's list envelope: newest first, Page/PageSize paging, next_page_uri null on the last page. */
  function listPage(resource: Resource, query: URLSearchParams): object {
    const [to, from] = [query.get('To'), query.get('From')];
    if (to) count(lists, to);
    const records: Array<FakeSms | FakeCall> = resource === 'Messages' ? messages : calls;
    const matching = [...records]
      .reverse()
      .filter((record) => (!to || record.to === to) && (!from || record.from === from))
      .sort((a, b) => b.dateCreated.getTime() - a.dateCreated.getTime());
    const pageSize = Math.min(Number(query.get('PageSize')) || 50, 1000);
    const page = Number(query.get('Page')) || 0;
    const items = matching.slice(page * pageSize, (page + 1) * pageSize);
    const pageUri = (n: number) => {
      const params = new URLSearchParams({
        ...(to ? { To: to } : {}),
        ...(from ? { From: from } : {}),
        PageSize: String(pageSize),
        Page: String(n),
      });
      return `${base}/${resource}.json?${params.toString()}`;
    };
    return {
      [resource.toLowerCase()]: items.map((item) =>
        resource === 'Messages' ? messageResource(item as FakeSms) : callResource(item as FakeCall),
      ),
      first_page_uri: pageUri(0),
      next_page_uri: (page + 1) * pageSize < matching.length ? pageUri(page + 1) : null,
      previous_page_uri: page > 0 ? pageUri(page - 1) : null,
      page,
      page_size: pageSize,
      start: page * pageSize,
      end: page * pageSize + Math.max(items.length - 1, 0),
      uri: pageUri(page),
    };
  }

  /** A create request: 201 with the new resource, or Twilio's error. */
  function create(resource: Resource, form: URLSearchParams): [number, object] {
    const [to, from] = [form.get('To') ?? '', form.get('From') ?? ''];
    if (to) count(creates, to);
    if (outages > 0) {
      outages -= 1;
      return twilioError(503, 20500, 'Service Unavailable');
    }
    const flaky = flakyNumbers.get(to) ?? 0;
    if (flaky > 0) {
      flakyNumbers.set(to, flaky - 1);
      return twilioError(503, 20500, 'Service Unavailable');
    }
    if (resource === 'Messages') {
      const body = form.get('Body') ?? '';
      if (!to || !from || !body) return twilioError(400, 21604, "A 'To', 'From' and 'Body' are required");
      if (invalidNumbers.has(to)) return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (optedOutNumbers.has(to)) return twilioError(400, 21610, 'Attempt to send to unsubscribed recipient');
      const message: FakeSms = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        to,
        from,
        body,
        statusCallback: form.get('StatusCallback') ?? undefined,
        dateCreated: new Date(),
      };
      messages.push(message);
      counters.lastCreateAt = performance.now();
      return [201, messageResource(message)];
    }
    if (!to || !from) return twilioError(400, 21201, "A 'To' and 'From' are required");
    if (!form.get('Url') && !form.get('Twiml') && !form.get('ApplicationSid'))
      return twilioError(400, 21205, 'Url parameter is required.');
    if (invalidNumbers.has(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    const dateCreated = new Date();
    const placedAt = Math.max(dateCreated.getTime(), nextPlacement);
    nextPlacement = placedAt + callIntervalMs;
    const call: FakeCall = {
      sid: `CA${randomBytes(16).toString('hex')}`,
      to,
      from,
      url: form.get('Url') ?? '',
      method: form.get('Method') ?? 'POST',
      statusCallback: form.get('StatusCallback') ?? undefined,
      statusCallbackEvents: form.getAll('StatusCallbackEvent'),
      statusCallbackMethod: form.get('StatusCallbackMethod') ?? undefined,
      form: Object.fromEntries(form),
      dateCreated,
      placedAt: new Date(placedAt),
      queueTimeMs: placedAt - dateCreated.getTime(),
    };
    calls.push(call);
    counters.lastCreateAt = performance.now();
    return [201, callResource(call)];
  }

  async function handle(request: IncomingMessage): Promise<[number, object]> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expectedAuth) {
      return twilioError(401, 20003, 'Authentication Error - invalid username');
    }
    const resource = (['Messages', 'Calls'] as const).find((name) => url.pathname === `${base}/${name}.json`);
    if (resource && request.method === 'GET') return [200, listPage(resource, url.searchParams)];
    if (resource && request.method === 'POST') return create(resource, new URLSearchParams(await readBody(request)));
    return twilioError(404, 20404, 'The requested resource was not found');
  }

  const server = createServer(async (request, response) => {
    inFlight += 1;
    counters.peakInFlight = Math.max(counters.peakInFlight, inFlight);
    // Out of flight once the answer is written (or the client went away): whichever comes first, once.
    let done = false;
    const land = () => {
      if (!done) inFlight -= 1;
      done = true;
    };
    response.on('finish', land);
    response.on('close', land);
    if (inFlight > maxConcurrent) {
      counters.tooManyRequests += 1;
      await readBody(request);
      return reply(response, ...twilioError(429, 20429, 'Too Many Requests'));
    }
    const [status, body] = await handle(request);
    log.push(`${request.method} ${new URL(request.url ?? '/', 'http://fake').pathname} -> ${status}`);
    if (status === 201 && droppedAnswers > 0) {
      droppedAnswers -= 1;
      request.socket.destroy();
      return;
    }
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    reply(response, status, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    calls,
    log,
    invalidNumbers,
    optedOutNumbers,
    flakyNumbers,
    dropNextAnswers: (n) => {
      droppedAnswers = n;
    },
    failNext: (n) => {
      outages = n;
    },
    createRequests: (to) => creates.get(to) ?? 0,
    listRequests: (to) => lists.get(to) ?? 0,
    setDelay: (ms) => {
      delayMs = ms;
    },
    get tooManyRequests() {
      return counters.tooManyRequests;
    },
    get peakInFlight() {
      return counters.peakInFlight;
    },
    get lastCreateAt() {
      return counters.lastCreateAt;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
