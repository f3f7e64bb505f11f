import { describe, it, expect } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

// Static checks of the self-hosting files (docker-compose.yml, .env.example, Dockerfile): no Docker needed.

interface Service {
  command?: string | string[];
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
    const names = ['postgres', 'redis', 'minio', 'minio-init', 'mailpit', 'migrate', 'web', 'worker'];
    for (const name of names) {
      expect(services).toHaveProperty([name]);
    }
  });

  it('runs redis with persistence and without eviction (BullMQ needs both)', () => {
    const command = [services.redis.command ?? ''].flat().join(' ');
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--maxmemory-policy noeviction');
  });

  it.each(['postgres', 'redis', 'minio', 'mailpit', 'web'])('gives %s a healthcheck', (name) => {
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
