import { z } from 'zod';
import { QUEUE_NAMES } from '@/lib/queue-names';

// The only reader of process.env. Values needed only at run time are optional here and required where used,
// so that `next build` works without a database.

/** An empty value counts as unset: docker compose passes `${NAME:-}` as an empty string. */
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const optionalText = () => z.preprocess(unsetIfEmpty, z.string().optional());
const flag = (fallback: boolean) =>
  z
    .preprocess(unsetIfEmpty, z.enum(['true', 'false']).optional())
    .transform((value) => (value === undefined ? fallback : value === 'true'));
const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};
/** A comma list of e-mail addresses, lower-cased; unset or empty means none. */
const emailList = () =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((address) => address.trim().toLowerCase())
            .filter(Boolean)
        : [],
    z.array(z.email('must be a comma list of e-mail addresses')).transform((addresses) => [...new Set(addresses)]),
  );
/** A comma list of queue names; unset or empty means every queue. */
const queueList = () =>
  z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() !== ''
        ? value
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean)
        : undefined,
    z
      .array(
        z.enum(QUEUE_NAMES, {
          error: (issue) => `unknown queue "${String(issue.input)}" (the queues are ${QUEUE_NAMES.join(', ')})`,
        }),
      )
      .default([...QUEUE_NAMES])
      .transform((names) => [...new Set(names)]),
  );
const isTileTemplate = (url: string) =>
  /^https?:\/\//.test(url) && ['{z}', '{x}', '{y}'].every((part) => url.includes(part));
/** A map layer's raster tile URL template, or `offline` for the built-in base map; unset: the default service. */
const tileSetting = () =>
  optionalText().pipe(
    z
      .string()
      .refine(
        (value) => value === 'offline' || isTileTemplate(value),
        'must be an http(s) URL template with {z}, {x} and {y}, or offline',
      )
      .optional(),
  );

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().positive().default(3000),
    HOST: z.string().default('0.0.0.0'),
    /**
     * Reverse proxies in front of the web process that each append the address they received from to X-Forwarded-For:
     * the client address (throttling) is the entry that many hops back. 0: the socket's peer, X-Forwarded-For ignored.
     */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    PUBLIC_URL: z.preprocess(unsetIfEmpty, z.string().url().optional()),
    DATABASE_URL: z.string().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
    REDIS_URL: z.string().optional(),
    QUEUE_PREFIX: z.string().default('tocsin'),
    SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
    SESSION_LIFETIME_HOURS: z.coerce.number().positive().default(12),
    SESSION_RENEW_AFTER_MINUTES: z.coerce.number().positive().default(10),
    /** The bearer token of GET /api/metrics (Prometheus); unset: the endpoint is off (404). */
    METRICS_TOKEN: optionalText(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    WORKER_CONCURRENCY: z.coerce.number().int().positive().default(8),
    /** The queues a worker process serves; the one that serves `maintenance` also registers the maintenance schedules. */
    WORKER_QUEUES: queueList(),
    /**
     * A running job's lock in Redis, renewed every half of it: a worker that dies (killed, out of memory, host lost) holds
     * its jobs this long at most, then the stalled check hands them to another worker. Longer than the worker ever blocks.
     */
    WORKER_LOCK_SECONDS: z.coerce.number().positive().default(10),
    /** How often a worker looks for jobs whose lock has run out (their worker died) and hands them on. */
    WORKER_STALLED_CHECK_SECONDS: z.coerce.number().positive().default(5),
    /** A file the worker notes each heartbeat in, for a container healthcheck (scripts/check-worker-health.ts). */
    WORKER_HEARTBEAT_FILE: optionalText(),
    /** Spec §1: a fallback SMS goes to people whose app has not confirmed this long after sending (tests shorten it). */
    FALLBACK_SMS_DELAY_SECONDS: z.coerce.number().positive().default(120),
    /**
     * Issue 36: how many seconds one minute of the contact cycle's settings (call after, next round after) lasts: 60.
     * Tests shorten it, as they shorten the fallback delay.
     */
    CONTACT_CYCLE_MINUTE_SECONDS: z.coerce.number().positive().default(60),
    /** Issue 17: devices asked for their position that have not answered this long after the request are not reached. */
    POSITIONING_ANSWER_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
    /**
     * A receipt a worker took for sending and did not finish this long after (the worker died mid-request) is in doubt:
     * another worker then asks the provider whether it went out before sending it again. Longer than any provider request.
     */
    DELIVERY_LEASE_SECONDS: z.coerce.number().positive().default(60),
    TEST_CLOCK_OFFSET_MS: z.coerce.number().default(0),
    /** How often live connections are checked again (session still valid, still a member). */
    REALTIME_RECHECK_SECONDS: z.coerce.number().positive().default(60),
    // E-mail (lib/providers/email): SMTP when SMTP_URL is set, else the outbox.
    SMTP_URL: optionalText().pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(unsetIfEmpty, z.string().default('Tocsin <no-reply@localhost>')),
    /**
     * The install's operators (issue 35), by their accounts' e-mail addresses: they set plans, seats, features and the
     * sign-up policy. `npm start` names the demo owner when unset; otherwise unset means no operator in the console.
     */
    OPERATOR_EMAILS: emailList(),
    /** Where "Contact sales" requests (company settings) are e-mailed; unset: they are only recorded. */
    SALES_EMAIL: optionalText().pipe(z.email('must be an e-mail address').optional()),
    // SMS and voice (lib/providers/twilio): Twilio when the account SID is set, else the outbox.
    TWILIO_ACCOUNT_SID: optionalText(),
    TWILIO_AUTH_TOKEN: optionalText(),
    TWILIO_FROM_NUMBER: optionalText().pipe(
      z
        .string()
        .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number like +15551234567')
        .optional(),
    ),
    /** Where Twilio's REST API is reached: only for a Twilio-compatible gateway (or a local fake in tests). */
    TWILIO_API_URL: optionalText().pipe(z.string().url().optional()),
    /**
     * Twilio REST requests in flight at once for the whole account, across every worker process and job (a limiter in
     * Redis). Twilio answers requests past its account's concurrency limit with 429 / 20429; its default limit is 100.
     */
    TWILIO_MAX_CONCURRENT_REQUESTS: z.coerce.number().int().positive().default(100),
    /**
     * Alert calls placed per second for the whole account (Twilio's calls-per-second setting, 1 by default). Calls are
     * requested at this pace; the ones waiting their turn show as queued in the delivery report.
     */
    TWILIO_CALLS_PER_SECOND: z.coerce.number().positive().max(1000).default(1),
    /**
     * Who answers the opt-out, opt-in and help keywords Twilio itself knows (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT,
     * REVOKE, OPTOUT, START, UNSTOP, HELP, INFO): `twilio` (Twilio's default handling on long codes, which replies
     * itself: Tocsin records the keyword and answers nothing, so the person gets one reply) or `tocsin` (Twilio's
     * handling is off, or its Advanced Opt-Out replies are empty: Tocsin replies). Tocsin always answers the localized
     * keywords (STOPP, AFMELD, BAJA, ...), which Twilio does not know. See docs/decisions.md (issue 36).
     */
    TWILIO_KEYWORD_REPLIES: z.enum(['twilio', 'tocsin']).default('twilio'),
    /**
     * Sign in with Microsoft: where Entra ID is reached (discovery at {base}/{tenant id}/v2.0). Unset: Microsoft's global
     * cloud, https://login.microsoftonline.com; only for a national cloud, or the local provider of the tests.
     */
    MICROSOFT_AUTHORITY_URL: optionalText().pipe(z.string().url().optional()),
    // App push (lib/providers/push): FCM when the service account is set, else the outbox.
    /** The Firebase service-account key: the JSON itself (one line) or the path of its file. */
    FCM_SERVICE_ACCOUNT: optionalText(),
    /**
     * Where FCM's HTTP v1 API (and Google's OAuth token endpoint) is reached: only for a gateway (or a local fake in tests).
     * firebase-admin then sends over HTTP/1.1 to this address, keeping the Google host names in the Host header.
     */
    FCM_API_URL: optionalText().pipe(
      z
        .string()
        .url()
        .refine((url) => new URL(url).pathname === '/', 'must be scheme, host and port only')
        .optional(),
    ),
    // Browser push (lib/providers/push): Web Push when the VAPID key pair is set, else the outbox.
    WEB_PUSH_VAPID_PUBLIC_KEY: optionalText(),
    WEB_PUSH_VAPID_PRIVATE_KEY: optionalText(),
    /** The contact push services may use: mailto: or https:. */
    WEB_PUSH_SUBJECT: optionalText().pipe(
      z
        .string()
        .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
        .optional(),
    ),
    // Links to the mobile app, sent in app download reminders.
    APP_STORE_URL: z.preprocess(unsetIfEmpty, z.string().url().default('https://apps.apple.com/search?term=Tocsin')),
    PLAY_STORE_URL: z.preprocess(
      unsetIfEmpty,
      z.string().url().default('https://play.google.com/store/search?q=Tocsin&c=apps'),
    ),
    // Files (lib/providers/storage).
    STORAGE_DRIVER: z.preprocess(unsetIfEmpty, z.enum(['local', 's3']).default('local')),
    STORAGE_DIR: z.preprocess(unsetIfEmpty, z.string().default('.data/files')),
    S3_ENDPOINT: optionalText().pipe(z.string().url().optional()),
    S3_PUBLIC_ENDPOINT: optionalText().pipe(z.string().url().optional()),
    S3_REGION: z.preprocess(unsetIfEmpty, z.string().default('us-east-1')),
    S3_BUCKET: optionalText(),
    S3_ACCESS_KEY_ID: optionalText(),
    S3_SECRET_ACCESS_KEY: optionalText(),
    S3_FORCE_PATH_STYLE: flag(true),
    // Maps (lib/map/get-map-config.ts): raster tile URL templates with {z}, {x} and {y}, or `offline` for the built-in
    // base map; unset → the default public service of the layer (OpenStreetMap, Esri World Imagery, OpenTopoMap).
    /**
     * Amazon Polly speaks the voice screen's samples of Polly voices when POLLY_REGION is set; unset, the offline engine
     * (eSpeak NG) speaks every sample. Without the key pair, the AWS SDK's own credential chain is used.
     */
    POLLY_REGION: optionalText(),
    POLLY_ACCESS_KEY_ID: optionalText(),
    POLLY_SECRET_ACCESS_KEY: optionalText(),
    /** Where Polly's API is reached: only for a gateway (or a local fake in tests). */
    POLLY_ENDPOINT: optionalText().pipe(z.string().url().optional()),
    /**
     * Bounds of the stored voice samples (lib/voice/voice-sample-cache.ts): the megabytes of all samples, and of one
     * company's; past either, the least recently played samples are removed. Samples not played for 30 days go anyway.
     */
    VOICE_SAMPLES_MAX_MB: z.coerce.number().positive().default(1024),
    VOICE_SAMPLES_MAX_MB_PER_COMPANY: z.coerce.number().positive().default(50),
    MAP_TILES_ROAD: tileSetting(),
    MAP_TILES_SATELLITE: tileSetting(),
    MAP_TILES_HYBRID: tileSetting(),
    /** Drawn over the hybrid layer's imagery: place names and borders. `none`: nothing. */
    MAP_TILES_HYBRID_LABELS: optionalText().pipe(
      z
        .string()
        .refine((value) => value === 'none' || isTileTemplate(value), 'must be a tile URL template, or none')
        .optional(),
    ),
    MAP_TILES_TERRAIN: tileSetting(),
    /** Credit shown on the map for each layer's tiles; MAP_TILES_ATTRIBUTION is used by configured layers without one. */
    MAP_TILES_ROAD_ATTRIBUTION: optionalText(),
    MAP_TILES_SATELLITE_ATTRIBUTION: optionalText(),
    MAP_TILES_HYBRID_ATTRIBUTION: optionalText(),
    MAP_TILES_TERRAIN_ATTRIBUTION: optionalText(),
    MAP_TILES_ATTRIBUTION: optionalText(),
    /** true: no map service on the internet (air-gapped): every layer uses the built-in map, no default place search. */
    MAP_OFFLINE: flag(false),
    /** A Nominatim-compatible search endpoint; unset → nominatim.openstreetmap.org (not with MAP_OFFLINE); off → none. */
    GEOCODER_URL: optionalText().pipe(
      z
        .string()
        .refine((value) => value === 'off' || z.url().safeParse(value).success, 'must be a URL, or off')
        .optional(),
    ),
    /**
     * Signs captcha challenges and file links and encrypts stored secrets (see lib/secret-key.ts). Required in
     * production, 32+ characters.
     */
    SECRET_KEY: z.string().optional(),
    /**
     * During a key rotation, the SECRET_KEY before it: stored secrets encrypted with it are still read, and encrypted
     * again with SECRET_KEY (lib/secrets). Unset once `npm run migrate` reports none left under it.
     */
    SECRET_KEY_PREVIOUS: optionalText().pipe(z.string().min(32, 'must be 32 or more characters').optional()),
  })
  .superRefine((value, context) => {
    const fcmKeyJson = value.FCM_SERVICE_ACCOUNT?.trim().startsWith('{');
    if (fcmKeyJson && !isJson(value.FCM_SERVICE_ACCOUNT as string)) {
      context.addIssue({
        code: 'custom',
        path: ['FCM_SERVICE_ACCOUNT'],
        message: 'must be the key file’s JSON or the path of the file',
      });
    }
    // firebase-admin sends the OAuth token request through its agent only for a key file (firebase-admin-node#2960).
    if (value.FCM_API_URL && fcmKeyJson) {
      context.addIssue({
        code: 'custom',
        path: ['FCM_SERVICE_ACCOUNT'],
        message: 'must be the path of the key file when FCM_API_URL is set',
      });
    }
    if (Boolean(value.POLLY_ACCESS_KEY_ID) !== Boolean(value.POLLY_SECRET_ACCESS_KEY)) {
      context.addIssue({
        code: 'custom',
        path: ['POLLY_SECRET_ACCESS_KEY'],
        message: 'POLLY_ACCESS_KEY_ID and POLLY_SECRET_ACCESS_KEY go together',
      });
    }
    if (!value.POLLY_REGION && (value.POLLY_ACCESS_KEY_ID || value.POLLY_ENDPOINT)) {
      context.addIssue({ code: 'custom', path: ['POLLY_REGION'], message: 'is needed to use Amazon Polly' });
    }
    const webPush = [value.WEB_PUSH_VAPID_PUBLIC_KEY, value.WEB_PUSH_VAPID_PRIVATE_KEY, value.WEB_PUSH_SUBJECT];
    if (webPush.some(Boolean) && !webPush.every(Boolean)) {
      context.addIssue({
        code: 'custom',
        path: ['WEB_PUSH_SUBJECT'],
        message: 'WEB_PUSH_VAPID_PUBLIC_KEY, WEB_PUSH_VAPID_PRIVATE_KEY and WEB_PUSH_SUBJECT go together',
      });
    }
  });

export type Env = z.infer<typeof schema>;

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration (see .env.example):\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export const env: Env = load();

export function required<K extends keyof Env>(name: K): NonNullable<Env[K]> {
  const value = env[name];
  if (value === undefined || value === null || value === '') {
    throw new Error(`${String(name)} is not set (see .env.example)`);
  }
  return value as NonNullable<Env[K]>;
}
