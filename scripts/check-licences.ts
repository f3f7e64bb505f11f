// Fails (exit 1) when an installed package's licence is not allowed by scripts/licence-policy.ts: production packages
// must be compatible with AGPL-3.0-or-later, development-only ones free to redistribute (OSI-approved or compatible).
// `npm run licenses` runs it, and `npm test` among its static checks. licensee reads the installed tree with npm's own
// loader (@npmcli/arborist), offline, and matches each package's SPDX expression (OR, AND, "or later") against the list.
// Usage: tsx scripts/check-licences.ts [root of the tree, default the working folder]
import { realpathSync } from 'node:fs';
import path from 'node:path';
import licensee, { type Configuration, type Result } from 'licensee';
import { AGPL_COMPATIBLE, ALSO_FREE_TO_REDISTRIBUTE, EXCEPTIONS } from './licence-policy';

// A checkout whose node_modules is a link to another checkout's (a git worktree) checks that other checkout, with the
// package.json that installed the tree: arborist counts nearly every package as development-only through the link.
const root = path.dirname(realpathSync(path.join(path.resolve(process.argv[2] ?? '.'), 'node_modules')));

/** Exceptions as licensee takes them: one semver range per name. */
const exceptedVersions: Record<string, string> = {};
for (const { name, versions } of EXCEPTIONS) {
  exceptedVersions[name] = exceptedVersions[name] ? `${exceptedVersions[name]} || ${versions}` : versions;
}

function check(configuration: Configuration): Promise<Result[]> {
  return new Promise((resolve, reject) =>
    licensee({ ...configuration, packages: exceptedVersions }, root, (error, results) =>
      error ? reject(error) : resolve(results),
    ),
  );
}

const [production, developmentOnly] = await Promise.all([
  check({ licenses: { spdx: AGPL_COMPATIBLE }, productionOnly: true }),
  check({
    licenses: { spdx: [...AGPL_COMPATIBLE, ...ALSO_FREE_TO_REDISTRIBUTE], osi: true },
    filterPackages: (installed) => installed.filter((one) => one.dev),
  }),
]);

const describe = (license: unknown) => (license === undefined ? 'none declared' : JSON.stringify(license));
const refusals = [
  ...production.filter((result) => !result.approved).map((result) => ({ result, tree: 'production' })),
  ...developmentOnly.filter((result) => !result.approved).map((result) => ({ result, tree: 'development-only' })),
];
for (const { result, tree } of refusals) {
  console.log(
    `refused: ${result.name}@${result.version}, ${tree}, licence ${describe(result.license)} ` +
      `(${path.relative(root, result.path)})`,
  );
}

const usedExceptions = new Set([...production, ...developmentOnly].filter((r) => r.package).map((r) => r.name));
const unusedExceptions = EXCEPTIONS.filter(({ name }) => !usedExceptions.has(name));
if (unusedExceptions.length > 0) {
  console.log(`exceptions matching no installed package: ${unusedExceptions.map(({ name }) => name).join(', ')}`);
}
console.log(
  `licences: ${production.length} production packages (compatible with AGPL-3.0-or-later), ` +
    `${developmentOnly.length} development-only (free to redistribute), ${usedExceptions.size} by exception ` +
    `(scripts/licence-policy.ts); ${refusals.length} refused`,
);
process.exit(refusals.length > 0 ? 1 : 0);
