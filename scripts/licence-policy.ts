// Which licences the installed packages may have; scripts/check-licences.ts applies it (docs/decisions.md, "Licence:
// AGPL-3.0-or-later, and a check of every installed package's licence").
//
// Tocsin is AGPL-3.0-or-later. Production dependencies run in process with it and ship with it, so each must be under a
// licence that lets the whole be distributed as AGPL-3.0-or-later. Development-only packages never run in the product,
// but the Docker image copies the whole node_modules, so they must at least be free to redistribute.

/** SPDX identifiers whose code can be combined with AGPL-3.0-or-later code and distributed under it. */
export const AGPL_COMPATIBLE = [
  // Permissive.
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'BSL-1.0',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  'Python-2.0',
  'Unicode-3.0',
  'Unlicense',
  'Zlib',
  // Data and documents (caniuse-lite's browser tables): the FSF counts CC BY 4.0 as compatible with the GPL.
  'CC-BY-4.0',
  // Copyleft that AGPLv3 can be combined with. The deprecated bare identifiers are listed too: licensee matches them
  // only by name, and "GPL-3.0" means GPL-3.0-only.
  'MPL-2.0',
  'LGPL-2.1',
  'LGPL-2.1-only',
  'LGPL-2.1-or-later',
  'LGPL-3.0',
  'LGPL-3.0-only',
  'LGPL-3.0-or-later',
  'GPL-2.0-or-later',
  'GPL-3.0',
  'GPL-3.0-only',
  'GPL-3.0-or-later',
  'AGPL-3.0',
  'AGPL-3.0-only',
  'AGPL-3.0-or-later',
];

/**
 * Also allowed for development-only packages, besides every OSI-approved licence (OSI reviews software licences only):
 * data licences that allow redistribution (the SPDX lists of spdx-exceptions and spdx-ranges, used by licensee).
 */
export const ALSO_FREE_TO_REDISTRIBUTE = ['CC-BY-3.0'];

export interface LicenceException {
  name: string;
  /** A semver range; an exact version, so that an upgrade is looked at again. */
  versions: string;
  /** The licence metadata as the package declares it. */
  declared: string;
  reason: string;
}

/** Packages accepted whatever their metadata says, each for the reason given. */
export const EXCEPTIONS: LicenceException[] = [
  {
    name: 'limiter',
    versions: '1.1.5',
    declared: 'licenses: [{ type: "MIT" }] (the old array form, no license field)',
    reason: 'MIT: its LICENSE.txt is the MIT licence. Production, through firebase-admin → jwks-rsa.',
  },
  {
    name: 'xmlhttprequest-ssl',
    versions: '2.1.2',
    declared: 'licenses: [{ type: "MIT" }] (the old array form, no license field)',
    reason: 'MIT: its LICENSE is the MIT licence. Production, through socket.io-client → engine.io-client.',
  },
  {
    name: 'config-chain',
    versions: '1.1.13',
    declared: 'license: { type: "MIT", url } (an object, not an SPDX expression)',
    reason: 'MIT: its LICENCE is the MIT licence. Production, through @serwist/cli → update-notifier.',
  },
  {
    name: '@visx/vendor',
    versions: '4.0.0-alpha.0',
    declared: 'license: "MIT and ISC" (not SPDX: the operator must be upper case)',
    reason:
      'MIT AND ISC: its LICENSE is the MIT licence, and the d3 modules it bundles keep their ISC licences ' +
      '(vendor-cjs/*/LICENSE). Reaches the production tree only inside Prisma Studio, like elkjs below.',
  },
  {
    name: 'elkjs',
    versions: '0.11.1',
    declared: 'EPL-2.0',
    reason:
      'EPL-2.0 is not GPL-compatible, but elkjs is never loaded by Tocsin: it is part of Prisma Studio ' +
      '(prisma → @prisma/studio-core, loaded only by prisma/build/studio.js for `prisma studio`, which Tocsin never ' +
      'runs). The prisma CLI is a separate program that scripts/prisma-generate.ts runs as a child process; it counts ' +
      'as production only because it is an optional peer dependency of @prisma/client. Shipping it beside Tocsin ' +
      'in the image is aggregation, which EPL-2.0 allows.',
  },
  {
    name: 'docopt',
    versions: '0.6.2',
    declared: 'licenses: "MIT" (the old field, no license field)',
    reason: 'MIT: its LICENSE-MIT is the MIT licence. Development only, through licensee.',
  },
  {
    name: 'mapbox-gl',
    versions: '3.32.0',
    declared: 'SEE LICENSE IN LICENSE.txt (Mapbox terms of service: not a free licence)',
    reason:
      'Development only, and only for its type declarations: @types/mapbox__mapbox-gl-draw imports its types. Tocsin ' +
      'never imports or bundles it (the map is MapLibre). The Docker image still copies it with the rest of ' +
      'node_modules; removing it there is a follow-up (issue 35, item 7).',
  },
];
