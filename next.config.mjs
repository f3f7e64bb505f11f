import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

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
    'qrcode',
    '@aws-sdk/client-s3',
    '@aws-sdk/s3-request-presigner',
  ],
  env: { NEXT_PUBLIC_BUILD_TIME: new Date().toISOString() },
};

export default withNextIntl(nextConfig);
