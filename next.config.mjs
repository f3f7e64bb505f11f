import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm test` type-checks the whole project once (tsc --noEmit); the build need not do it again.
  typescript: { ignoreBuildErrors: true },
  // Server-only packages that must not be bundled (native bindings, wasm, dynamic requires).
  serverExternalPackages: ['@node-rs/argon2', 'pg', 'ioredis', 'bullmq', 'socket.io', '@socket.io/redis-emitter'],
  env: { NEXT_PUBLIC_BUILD_TIME: new Date().toISOString() },
};

export default withNextIntl(nextConfig);
