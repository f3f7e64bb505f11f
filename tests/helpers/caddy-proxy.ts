import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stopProcess, waitForHttp } from '@/scripts/lib/processes';

/** Caddy (Debian's `caddy`) in front of web processes, run from docker-compose's own Caddyfile. */
export interface CaddyProxy {
  url: string;
  /** The sticky-session cookie that sends a client's requests to the web process at `webUrl`. */
  stickyCookieFor(webUrl: string): string;
  stop(): Promise<void>;
}

const COMPOSE_CADDYFILE = 'deploy/caddy/Caddyfile';
/** The compose file's upstreams: every replica of the web service, found through Docker's DNS. */
const DOCKER_UPSTREAMS = /^(\t+)dynamic a web 3000 \{[^}]*\}$/m;
/** The compose file's S3 store (MinIO), by its service name. */
const DOCKER_FILES = /reverse_proxy minio:9000$/m;

/**
 * The compose Caddyfile with its Docker upstreams replaced by the given web processes (host:port); every other rule —
 * sticky sessions, passive health, retries, keep-alive, headers — is the file's own. The admin endpoint is off: its
 * fixed port would clash with another Caddy on the machine.
 */
export function caddyfileFor(webHostPorts: string[], filesHostPort: string): string {
  const template = readFileSync(COMPOSE_CADDYFILE, 'utf8');
  if (!DOCKER_UPSTREAMS.test(template) || !DOCKER_FILES.test(template)) {
    throw new Error(
      `${COMPOSE_CADDYFILE} no longer has the "dynamic a web 3000 { ... }" block or the "reverse_proxy minio:9000" ` +
        'line this test replaces',
    );
  }
  const local = template
    .replace(DOCKER_UPSTREAMS, (_, indent: string) => `${indent}to ${webHostPorts.join(' ')}`)
    .replace(DOCKER_FILES, `reverse_proxy ${filesHostPort}`);
  return `{\n\tadmin off\n}\n\n${local}`;
}

/** In front of the web processes at `webUrls` and of the S3 store `files` (its URL and bucket) as compose's MinIO. */
export async function startCaddyProxy(
  port: number,
  webUrls: string[],
  files: { url: string; bucket: string },
): Promise<CaddyProxy> {
  const url = `http://127.0.0.1:${port}`;
  const hostPorts = webUrls.map((webUrl) => new URL(webUrl).host);
  const home = mkdtempSync(path.join(tmpdir(), 'caddy-'));
  const config = path.join(home, 'Caddyfile');
  const caddyfile = caddyfileFor(hostPorts, new URL(files.url).host);
  writeFileSync(config, caddyfile);
  const caddy = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // PUBLIC_URL is the site address, as in compose. Certificates and autosaved config go to the throw-away folder.
    env: {
      ...process.env,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      PUBLIC_URL: url,
      S3_BUCKET: files.bucket,
    },
  });
  let log = '';
  caddy.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<never>((_, reject) => {
    caddy.once('error', (error) => reject(new Error(`caddy did not start (Debian: apt-get install caddy): ${error}`)));
    caddy.once('exit', (code) => reject(new Error(`caddy exited (${code}):\n${log}`)));
  });
  const stop = async () => {
    await stopProcess(caddy, 5_000);
    rmSync(home, { recursive: true, force: true });
  };
  try {
    await Promise.race([waitForHttp(`${url}/api/health`, 20_000), exited]);
  } catch (error) {
    await stop();
    throw error;
  }
  const cookieName = /lb_policy cookie (\S+)/.exec(caddyfile)?.[1] ?? 'lb';
  return {
    url,
    // Caddy's cookie policy: the cookie's value is the HMAC-SHA256 of the upstream's dial address (no secret set).
    stickyCookieFor: (webUrl) => `${cookieName}=${createHmac('sha256', '').update(new URL(webUrl).host).digest('hex')}`,
    stop,
  };
}
