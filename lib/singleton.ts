/** A process-wide value: created on first use, removed (to be closed) at shutdown. */
export interface ProcessSingleton<T> {
  /** The value, created on first call. */
  get(): T;
  /** Forgets the value and returns it for the caller to close (undefined when none was created); the next get() makes a new one. */
  remove(): T | undefined;
}

/**
 * One value per process under `key`, kept on globalThis: Next.js can load the same module more than once in one process
 * (the custom server and the route bundles, development reloads), and each copy must share the one client.
 */
export function processSingleton<T>(key: string, create: () => T): ProcessSingleton<T> {
  const slot = Symbol.for(`tocsin.${key}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return {
    get: () => (store[slot] ??= create()),
    remove: () => {
      const value = store[slot];
      store[slot] = undefined;
      return value;
    },
  };
}
