import type { Ctx } from '@/lib/context';

/** The current company's feature flags (mission, scenario, flicHub) as the web app reads them. */
export function listWebFeatures(ctx: Ctx) {
  return ctx.company.features.map((featureName) => ({ featureName }));
}
