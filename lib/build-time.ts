/**
 * When this build was made (ISO 8601), shown at the foot of the navigation (spec §2). Not a run-time setting, so not in
 * lib/env.ts: next.config.mjs `env` inlines NEXT_PUBLIC_BUILD_TIME into the bundle at build time.
 */
export const BUILD_TIME: string | null = process.env.NEXT_PUBLIC_BUILD_TIME ?? null;
