import { describe, it, expect } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

// Static checks of the self-hosting files (docker-compose.yml, .env.example, Dockerfile): no Docker needed.

interface Service {
  image?: string;
  command?: string | string[];
  container_name?: string;
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: unknown };
  depends_on?: Record<string, { condition?: string }>;
}

const read = (file: string) => fs.readFileSync(path.resolve(file), 'utf8');

const composeText = read('docker-compose.yml');
// merge: true resolves `<<: *anchor` keys the way docker compose does.
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> };
const services = compose.services;

const REQUIRED_SECRETS = ['POSTGRES_PASSWORD', 'SECRET_KEY', 'PUBLIC_URL', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'];

describe('docker-compose.yml', () => {
  it('defines every service of the stack', () => {
    const names = ['caddy', 'postgres', 'redis', 'minio', 'minio-init', 'mailpit', 'migrate', 'web', 'worker'];
    for (const name of names) {
      expect(services).toHaveProperty([name]);
    }
  });

  it('runs redis with persistence and without eviction (BullMQ needs both)', () => {
    const command = [services.redis.command ?? ''].flat().join(' ');
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--maxmemory-policy noeviction');
  });

  it.each(['postgres', 'redis', 'minio', 'mailpit', 'web', 'worker'])('gives %s a healthcheck', (name) => {
    expect(services[name].healthcheck?.test).toBeTruthy();
  });

  it.each(['web', 'worker'])('starts %s only after the data services are healthy and migrations ran', (name) => {
    const dependsOn = services[name].depends_on ?? {};
    expect(dependsOn.postgres?.condition).toBe('service_healthy');
    expect(dependsOn.redis?.condition).toBe('service_healthy');
    expect(dependsOn.migrate?.condition).toBe('service_completed_successfully');
  });

  it('checks web by readiness without requiring a worker, so web and worker start and scale apart', () => {
    const test = [services.web.healthcheck?.test ?? ''].flat().join(' ');
    expect(test).toContain('/api/health/ready?workers=optional');
    expect(services.worker.depends_on?.web).toBeUndefined();
  });

  it("checks each worker by its own heartbeat, which it notes in the container's file", () => {
    const test = [services.worker.healthcheck?.test ?? ''].flat().join(' ');
    expect(test).toContain('scripts/check-worker-health.ts');
    expect(services.worker.environment?.WORKER_HEARTBEAT_FILE).toBeTruthy();
  });

  it.each(['web', 'worker'])('lets `--scale %s=N` start replicas: no container name, no host port', (name) => {
    expect(services[name].container_name).toBeUndefined();
    expect(services[name].ports).toBeUndefined();
  });

  it('puts caddy in front: the only service on ports 80 and 443, serving PUBLIC_URL from the Caddyfile in deploy/', () => {
    expect(services.caddy.image).toMatch(/^caddy:/);
    expect(services.caddy.ports).toEqual(['80:80', '443:443', '443:443/udp']);
    expect(services.caddy.environment?.PUBLIC_URL).toMatch(/^\$\{PUBLIC_URL:\?/);
    expect(services.caddy.volumes).toContain('./deploy/caddy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(fs.existsSync('deploy/caddy/Caddyfile')).toBe(true);
    const caddyfile = read('deploy/caddy/Caddyfile');
    expect(caddyfile).toMatch(/^\{\$PUBLIC_URL\} \{$/m);
    expect(caddyfile).toMatch(/dynamic a web 3000/);
  });

  it('trusts exactly one proxy (caddy) for the client address in web', () => {
    expect(services.web.environment?.TRUSTED_PROXY_HOPS).toBe('${TRUSTED_PROXY_HOPS:-1}');
  });

  it('migrates only once postgres is healthy', () => {
    expect(services.migrate.depends_on?.postgres?.condition).toBe('service_healthy');
  });

  it.each(REQUIRED_SECRETS)('requires %s with ${NAME:?...} everywhere it is used', (name) => {
    // \b: SECRET_KEY_PREVIOUS (optional) is another variable than SECRET_KEY.
    const uses = [...composeText.matchAll(new RegExp(`\\$\\{${name}\\b(.{0,2})`, 'g'))];
    expect(uses.length).toBeGreaterThan(0);
    for (const use of uses) {
      expect(use[1]).toBe(':?');
    }
  });

  it('documents every variable it uses in .env.example', () => {
    const envExample = read('.env.example');
    const used = new Set([...composeText.matchAll(/\$\{([A-Z0-9_]+)/g)].map((match) => match[1]));
    // A variable counts as documented with a line `NAME=` or a commented-out `# NAME=`.
    const undocumented = [...used].filter((name) => !new RegExp(`^(# ?)?${name}=`, 'm').test(envExample));
    expect(undocumented).toEqual([]);
  });
});

describe('Dockerfile', () => {
  it('runs its final stage as a non-root user', () => {
    const dockerfile = read('Dockerfile');
    const stages = dockerfile.split(/^FROM\s/im);
    const finalStage = stages[stages.length - 1];
    const users = [...finalStage.matchAll(/^USER\s+(\S+)/gim)].map((match) => match[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0']).not.toContain(users[users.length - 1]);
  });
});
