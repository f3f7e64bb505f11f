import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';

// Measuring tools shared by the benchmarks: percentiles, a closed-loop load of concurrent clients, CPU of process trees.

export const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

/** The value below which `share` (0–1) of the values lie; 0 for none. */
export const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;

export function loadAverage(): string {
  return `load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`;
}

/**
 * Starts a meter of the share of CPU time the hypervisor gave to other machines ("steal" in /proc/stat) since; a
 * throughput that differs between runs of the same code with a high share was the host's, not the code's.
 */
export function stealMeter(): () => string {
  const read = () => {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is counted in user already)
    return { steal: ticks[7] ?? 0, total: ticks.slice(0, 8).reduce((sum, value) => sum + value, 0) };
  };
  const first = read();
  return () => {
    const last = read();
    const share = (last.steal - first.steal) / Math.max(1, last.total - first.total);
    return `${(share * 100).toFixed(0)} % of the CPU time stolen by the host`;
  };
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  failures: number;
}

/**
 * `clients` concurrent clients, each sending its next request as soon as the last was answered, for `durationMs`.
 * `request` resolves true for an answer that counts as a success.
 */
export async function runClients(
  clients: number,
  durationMs: number,
  request: (client: number) => Promise<boolean>,
): Promise<LoadResult> {
  const times: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const ok = await request(client).catch(() => false);
        times.push(performance.now() - sent);
        if (!ok) failures += 1;
      }
    }),
  );
  const elapsed = performance.now() - started;
  return {
    requests: times.length,
    perSecond: (times.length * 1000) / elapsed,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    failures,
  };
}

/**
 * GETs as `token` in `companyId` over a keep-alive agent of `sockets` connections (as a browser keeps its connection),
 * each resolving true on a 200. Node's http client costs the shared cores less per request than fetch.
 */
export function keepAliveGetter(baseUrl: string, token: string, companyId: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  return (path: string) =>
    new Promise<boolean>((resolve, reject) => {
      const request = http.get(
        `${baseUrl}${path}`,
        { agent, headers: { Authorization: `Bearer ${token}`, CustomerId: companyId, 'X-Api-Version': '2.2' } },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode === 200));
        },
      );
      request.on('error', reject);
    });
}

/**
 * The times of `runs` calls of each of `requests` (after `warmUp` unmeasured ones each), one at a time and taking the
 * requests in turn, so that a stall of the shared machine falls on all of them alike rather than on whichever ran then.
 */
export async function timeInTurn(requests: (() => Promise<unknown>)[], runs: number, warmUp = 3): Promise<number[][]> {
  for (const request of requests) for (let i = 0; i < warmUp; i += 1) await request();
  const times = requests.map((): number[] => []);
  for (let i = 0; i < runs; i += 1) {
    for (const [index, request] of requests.entries()) {
      const sent = performance.now();
      await request();
      times[index].push(performance.now() - sent);
    }
  }
  return times;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux (getconf CLK_TCK)

function statOf(pid: number): { parent: number; ownTicks: number; reapedChildrenTicks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it start past the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      parent: Number(fields[1]),
      ownTicks: Number(fields[11]) + Number(fields[12]),
      reapedChildrenTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null; // the process ended meanwhile
  }
}

/**
 * CPU time (user + system, ms) used so far by process `root` and every living descendant, plus the descendants that
 * ended and were waited for. For the web server's process tree, or Postgres' postmaster and its backends.
 */
export function processTreeCpuMs(root: number): number {
  const stats = new Map<number, NonNullable<ReturnType<typeof statOf>>>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(Number(entry));
    if (stat) stats.set(Number(entry), stat);
  }
  const inTree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, stat] of stats) {
      if (!inTree.has(pid) && inTree.has(stat.parent)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let ticks = stats.get(root)?.reapedChildrenTicks ?? 0;
  for (const pid of inTree) ticks += stats.get(pid)?.ownTicks ?? 0;
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Polls `probe` every `everyMs` until it is true; resolves with the time it first was (performance.now()). */
export async function whenTrue(
  probe: () => boolean | Promise<boolean>,
  everyMs: number,
  timeoutMs = 600_000,
): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await probe()) return performance.now();
    if (performance.now() > deadline) throw new Error(`not true after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
