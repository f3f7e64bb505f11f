import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';

// The licence check of `npm test` (scripts/check-licences.ts), run the way npm test runs it, on small installed trees
// made here: a package.json and the package.json of each package under node_modules.

interface FixturePackage {
  name: string;
  version?: string;
  /** The package.json fields that declare its licence. */
  licence: Record<string, unknown>;
  dev?: boolean;
}

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function installedTree(packages: FixturePackage[]): string {
  const root = mkdtempSync(path.join(tmpdir(), 'tocsin-licences-'));
  folders.push(root);
  const range = (one: FixturePackage) => one.version ?? '1.0.0';
  const manifest = {
    name: 'fixture',
    version: '1.0.0',
    private: true,
    // The project itself is never checked.
    license: 'UNLICENSED',
    dependencies: Object.fromEntries(packages.filter((one) => !one.dev).map((one) => [one.name, range(one)])),
    devDependencies: Object.fromEntries(packages.filter((one) => one.dev).map((one) => [one.name, range(one)])),
  };
  writeFileSync(path.join(root, 'package.json'), JSON.stringify(manifest));
  for (const one of packages) {
    const folder = path.join(root, 'node_modules', one.name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      path.join(folder, 'package.json'),
      JSON.stringify({ name: one.name, version: range(one), ...one.licence }),
    );
  }
  return root;
}

function checkLicences(root: string) {
  const run = spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/check-licences.ts', root], {
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('the licence check', () => {
  it('refuses production packages incompatible with AGPL-3.0-or-later and non-free development packages', () => {
    const root = installedTree([
      { name: 'gpl-two-only', licence: { license: 'GPL-2.0-only' } },
      { name: 'closed-source', licence: { license: 'UNLICENSED' } },
      { name: 'non-commercial', licence: { license: 'CC-BY-NC-4.0' } },
      { name: 'permissive-and-gpl-two', licence: { license: 'MIT AND GPL-2.0-only' } },
      { name: 'no-licence', licence: {} },
      // An exception (scripts/licence-policy.ts) holds for its version only.
      { name: 'limiter', version: '1.2.0', licence: { licenses: [{ type: 'MIT' }] } },
      { name: 'closed-dev-tool', licence: { license: 'SEE LICENSE IN LICENSE.txt' }, dev: true },
      { name: 'sspl-dev-tool', licence: { license: 'SSPL-1.0' }, dev: true },
      { name: 'mit-library', licence: { license: 'MIT' } },
    ]);

    const { status, output } = checkLicences(root);

    expect(status).toBe(1);
    const refused = [...output.matchAll(/^refused: (\S+)@\S+, ([\w-]+),/gm)].map(([, name, tree]) => `${name} ${tree}`);
    expect(refused.sort()).toEqual([
      'closed-dev-tool development-only',
      'closed-source production',
      'gpl-two-only production',
      'limiter production',
      'no-licence production',
      'non-commercial production',
      'permissive-and-gpl-two production',
      'sspl-dev-tool development-only',
    ]);
    expect(output).toMatch(/; 8 refused$/m);
  });

  it('accepts permissive and AGPL-compatible copyleft licences, exceptions, and free development-only tools', () => {
    const root = installedTree([
      { name: 'mit-library', licence: { license: 'MIT' } },
      { name: 'apache-library', licence: { license: 'Apache-2.0' } },
      { name: 'either-licence', licence: { license: '(MIT OR GPL-2.0-only)' } },
      { name: 'speech-engine', licence: { license: 'GPL-3.0' } },
      { name: 'image-library', licence: { license: 'LGPL-3.0-or-later' } },
      { name: 'mozilla-licensed', licence: { license: 'MPL-2.0' } },
      { name: 'browser-data', licence: { license: 'CC-BY-4.0' } },
      { name: 'limiter', version: '1.1.5', licence: { licenses: [{ type: 'MIT' }] } },
      { name: 'gpl-two-dev-tool', licence: { license: 'GPL-2.0-only' }, dev: true },
      { name: 'eclipse-dev-tool', licence: { license: 'EPL-2.0' }, dev: true },
    ]);

    const { status, output } = checkLicences(root);

    expect(output).not.toMatch(/^refused/m);
    expect(output).toMatch(/8 production packages .*, 2 development-only .*, 1 by exception .*; 0 refused$/m);
    expect(status).toBe(0);
  });
});
