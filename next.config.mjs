import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // Position for "include my position" on the sender's own page; nothing else a browser can lend.
  {
    key: 'Permissions-Policy',
    value: 'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), interest-cohort=()',
  },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Several builds can live side by side (e.g. parallel e2e runs in one checkout): NEXT_DIST_DIR=.next-<name>.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm test` type-checks the whole project once (tsc --noEmit); the build need not do it again.
  typescript: { ignoreBuildErrors: true },
  // Server-only packages that must not be bundled (native bindings, wasm, dynamic requires).
  serverExternalPackages: [
    '@node-rs/argon2',
    'pg',
    'ioredis',
    'bullmq',
    'socket.io',
    '@socket.io/redis-emitter',
    'nodemailer',
    'prom-client',
    'qrcode',
    '@aws-sdk/client-s3',
    '@aws-sdk/s3-request-presigner',
    '@aws-sdk/client-polly',
    '@smithy/node-http-handler',
    '@echogarden/espeak-ng-emscripten',
  ],
  env: { NEXT_PUBLIC_BUILD_TIME: new Date().toISOString() },
  // On every answer (pages also get their Content-Security-Policy from proxy.ts, with a nonce).
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      // Stored files are the users' own: never run as a page of ours, whatever their type.
      {
        source: '/api/files/:path*',
        headers: [{ key: 'Content-Security-Policy', value: "default-src 'none'; sandbox" }],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
