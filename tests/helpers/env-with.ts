import { jest } from '@jest/globals';

/**
 * lib/env's values (it reads the environment once: a fresh copy each) with `variables` set and `unset` removed from the
 * environment, or its error. For the unit tests of settings and their defaults.
 */
export async function envWith(variables: Record<string, string>, unset: string[] = []) {
  const saved = { ...process.env };
  for (const name of [...unset, ...Object.keys(variables)]) delete process.env[name];
  Object.assign(process.env, variables);
  try {
    let loaded: typeof import('@/lib/env').env | undefined;
    await jest.isolateModulesAsync(async () => {
      loaded = (await import('@/lib/env')).env;
    });
    return loaded as NonNullable<typeof loaded>;
  } finally {
    process.env = saved;
  }
}
