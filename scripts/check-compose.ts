import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// `npm test` (scripts/test-all.ts): docker compose and Caddy read the self-hosting files as an install would. No Docker
// engine is needed: `docker compose config` (the v2 plugin) or Debian's `docker-compose` checks docker-compose.yml with
// every required variable (`${NAME:?...}`) set to a placeholder, and `caddy validate` checks deploy/caddy/Caddyfile.
// .ci/run installs both (Debian packages docker-compose and caddy).

const composeText = readFileSync('docker-compose.yml', 'utf8');
const placeholders = Object.fromEntries(
  [...composeText.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map(([, name]) => [name, `placeholder-${name.toLowerCase()}`]),
);
// No .env (a developer's own must not decide whether the file is valid); HOME: where caddy keeps its storage.
const scratch = mkdtempSync(path.join(tmpdir(), 'check-compose-'));
const env = { ...process.env, HOME: scratch, ...placeholders, PUBLIC_URL: 'https://tocsin.example.com' };
const noEnvFile = path.join(scratch, 'empty.env');
writeFileSync(noEnvFile, '');

function run(command: string, args: string[]): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { env, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ?? ''}` };
}

const composeArgs = ['--env-file', noEnvFile, '--file', 'docker-compose.yml', 'config', '--quiet'];
// Debian 12's docker-compose package is compose v1 (/usr/bin/docker-compose); later ones ship v2 as a docker CLI
// plugin, which also runs on its own when no docker CLI is installed.
const composeCommands: [string, string[]][] = [
  ['docker', ['compose']],
  ['docker-compose', []],
  ['/usr/libexec/docker/cli-plugins/docker-compose', []],
];
const [composeCommand, composePrefix] =
  composeCommands.find(([command, prefix]) => run(command, [...prefix, 'version']).ok) ?? composeCommands[1];
const compose = run(composeCommand, [...composePrefix, ...composeArgs]);
const caddy = run('caddy', ['validate', '--adapter', 'caddyfile', '--config', 'deploy/caddy/Caddyfile']);
rmSync(scratch, { recursive: true, force: true });

let ok = true;
for (const [file, result] of [
  ['docker-compose.yml', compose],
  ['deploy/caddy/Caddyfile', caddy],
] as const) {
  if (result.ok) {
    console.log(`${file}: valid`);
  } else {
    ok = false;
    console.error(
      `${file} is not valid (or the checker is missing: apt-get install docker-compose caddy):\n${result.output}`,
    );
  }
}
process.exit(ok ? 0 : 1);
