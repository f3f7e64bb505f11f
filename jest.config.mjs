// Unit tests (no services) and API integration tests (real Postgres, Redis and HTTP; run through
// scripts/with-test-services.ts, which starts them on free loopback ports).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  // These packages ship as ES modules only (the schema engine's wasm bindings; next-intl's createTranslator for e-mails;
  // otplib's hashing and base32; altcha-lib; node-fetch 3, which firebase-admin's OAuth client gaxios loads with import(),
  // so gaxios too, also where it is nested under google-auth-library). Only the innermost node_modules folder counts.
  transformIgnorePatterns: [
    '/node_modules/(?!(@prisma/schema-engine-wasm|next-intl|use-intl|intl-messageformat|@formatjs|icu-minify|otplib|@otplib|@scure|@noble|altcha-lib|gaxios|node-fetch|data-uri-to-buffer|fetch-blob|formdata-polyfill|node-domexception|web-streams-polyfill)/)[^/]+/(?!node_modules/)',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

export default {
  // Global only: jest ignores testTimeout inside a project. API tests start servers and workers.
  testTimeout: 60_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/tests/unit/**/*.test.ts'] },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/tests/api/**/*.test.ts'],
      setupFiles: ['<rootDir>/tests/helpers/api-setup.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/helpers/api-after-env.ts'],
    },
    // The fault suite (docs/reliability.md): processes killed, Redis and Postgres restarted, mixed load. Two files at a
    // time (npm run test:faults), after the API tests in npm test.
    {
      ...common,
      displayName: 'faults',
      testMatch: ['<rootDir>/tests/faults/**/*.test.ts'],
      setupFiles: ['<rootDir>/tests/helpers/api-setup.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/helpers/api-after-env.ts'],
    },
  ],
};
