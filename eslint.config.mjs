// The house rules, checked by `npm test` right after the type check (docs/code-style.md says why each exists).
// A rule is changed here, with its reason, never switched off line by line.
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Modules of lib/ that run in the browser: they import nothing server-side (no Prisma, no env, no node:*). Components
// may import these; from the rest of lib/ they import types only.
const BROWSER_SAFE_LIB = [
  '@/lib/http/client',
  '@/lib/auth/roles',
  '@/lib/map/map-layers',
  '@/lib/attachments/attachment-caps',
  '@/lib/alerts/format-file-size',
  '@/lib/alerts/short-file-name',
  '@/lib/alerts/attachment-kind',
  '@/lib/i18n/locales',
  '@/lib/i18n/remember-locale',
  '@/lib/text/searchable',
  '@/lib/realtime/events',
  '@/lib/iot/iot-events-path',
  '@/lib/members/parse-import-file',
  '@/lib/outbox/outbox-channels',
  '@/lib/generated/prisma/enums',
  '@/lib/build-time',
  '@/lib/phone/guess-country',
  '@/lib/auth/session-end-reason',
  '@/lib/providers/failure-reasons',
  '@/lib/home-time-zone',
  '@/lib/dashboard/dash-limits',
  '@/lib/positionings/positioning-rules',
  '@/lib/companies/plans',
  '@/lib/settings/setting-rules',
  '@/lib/voice/voice-rules',
  '@/lib/answers/answer-rules',
  '@/lib/scenarios/scenario-rules',
  '@/lib/alerts/receipt-tag',
  '@/lib/responder/notification-labels',
  '@/lib/responder/notification-for-push',
  '@/lib/providers/push/web-push-payload',
  '@/lib/voice/voice-catalogue',
  '@/lib/sales/sales-fields',
  '@/lib/microsoft-sign-in/entra-id',
];

const layerImports = (names, message) => names.map((name) => ({ group: [`@/${name}`, `@/${name}/**`], message }));

export default tseslint.config(
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'lib/generated/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
      'next-env.d.ts',
      // The responder's service worker as built (scripts/lib/build-service-worker.ts); its source is service-worker/.
      'public/sw.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused arguments named with a leading underscore are deliberate (callbacks with a fixed shape).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Types come from zod schemas and generated Prisma types; where `any` is needed it is one typed cast, reviewed.
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // Import cycles make load order matter and hide which module is the lower one; type imports count too.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    plugins: { '@next/next': nextPlugin, 'react-hooks': reactHooks },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
      ...reactHooks.configs.recommended.rules,
      // Every image we show is a signed storage link or a data: URL made by the server, shown as is: Next's image
      // optimiser cannot fetch signed links and would only add a round trip.
      '@next/next/no-img-element': 'off',
      // Switching company and logging out reload the page on purpose: every answer the page holds belongs to the
      // company or session that just ended, and a full load is the one way to drop them all.
      '@next/next/no-location-assign-relative-destination': 'off',
      // Our loaders reset their state when their input changes (a new target to count, another company) and then
      // subscribe to the answer, in one effect; the rule's alternative, state derived during render from a remembered
      // previous input, spreads that one step over every component that loads something.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  // Boundaries between the layers (DESIGN §1): lib/ is the product's logic and never reaches up.
  {
    files: ['lib/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...layerImports(['components', 'app', 'jobs'], 'lib/ never imports components/, app/ or jobs/.'),
            {
              group: ['../**/components/**', '../**/app/**', '../**/jobs/**'],
              message: 'lib/ never imports components/, app/ or jobs/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@/lib/(?!(${BROWSER_SAFE_LIB.map((name) => name.replace('@/lib/', '')).join('|')})$)`,
              allowTypeImports: true,
              message:
                'Components run in the browser: from lib/ they import types, or a module listed as browser-safe in eslint.config.mjs.',
            },
            ...layerImports(['app', 'jobs'], 'Components never import app/ or jobs/.'),
          ],
        },
      ],
    },
  },
  {
    files: ['jobs/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: layerImports(['components', 'app'], 'The worker never imports components/ or app/.') },
      ],
    },
  },
  // One reader of the environment (lib/env.ts), plus the build-time stamp that Next inlines into the bundle.
  {
    files: ['app/**', 'components/**', 'lib/**', 'jobs/**', 'server.ts', 'proxy.ts'],
    ignores: ['lib/env.ts', 'lib/build-time.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through lib/env.ts.' },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
    rules: {
      // Tests read JSON answers whose shape is what they check, and the benchmarks and fakes speak to drivers' internal
      // objects (pg's connection, the providers' wire formats): typing these would only repeat the assertions.
      '@typescript-eslint/no-explicit-any': 'off',
      // jest.isolateModules needs require(): a module loaded afresh under other settings, inside the callback.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  prettier,
);
