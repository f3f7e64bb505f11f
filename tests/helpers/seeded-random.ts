import { optionalTestEnv } from './test-env';

/** A seeded random number generator (mulberry32): the same seed gives the same numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The random choices of a fault test: seeded by FAULT_SEED when given (to replay a run), else by the time. The seed is
 * printed, so any run can be replayed with `FAULT_SEED=<seed> npm run test:faults -- <file>`.
 */
export function faultRandom(test: string): { seed: number; random: () => number } {
  const given = optionalTestEnv('FAULT_SEED');
  const seed = given ? Number(given) : Date.now() % 2_147_483_647;
  console.log(`${test}: random seed ${seed} (replay with FAULT_SEED=${seed})`);
  return { seed, random: seededRandom(seed) };
}
