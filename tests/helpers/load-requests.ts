import { call, type CallOptions } from './api-client';

/**
 * The requests of a load test: each one counts as held when it is answered with its expected status within the timeout,
 * else as failed (an unexpected status, a network error or no answer in time). Latencies are kept for the figures.
 */
export class LoadRequests {
  tried = 0;
  held = 0;
  /** The first failures, as `label: what happened` (the count is tried - held). */
  readonly failures: string[] = [];
  readonly latenciesMs: number[] = [];
  /** Requests per label (login, send, confirm…). */
  readonly perLabel = new Map<string, number>();

  constructor(private readonly timeoutMs: number) {}

  get failed(): number {
    return this.tried - this.held;
  }

  /** Calls the API; resolves with the answer's body when it came with the expected status, else null. */
  async call<T = any>(
    label: string,
    baseUrl: string,
    method: string,
    path: string,
    options: CallOptions,
    expected: number,
  ): Promise<T | null> {
    this.tried += 1;
    this.perLabel.set(label, (this.perLabel.get(label) ?? 0) + 1);
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      const response = await Promise.race([call<T>(baseUrl, method, path, options), timeout]);
      this.latenciesMs.push(performance.now() - started);
      if (response.status === expected) {
        this.held += 1;
        return response.body;
      }
      this.fail(`${label} ${method} ${path}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
    } catch (error) {
      this.fail(`${label} ${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      clearTimeout(timer);
    }
    return null;
  }

  /** The latency below which `share` (0.95) of the answers came. */
  percentileMs(share: number): number {
    const sorted = [...this.latenciesMs].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] : 0;
  }

  private fail(what: string): void {
    if (this.failures.length < 20) this.failures.push(what);
  }
}
