// Unit tests (no services) and API integration tests (real Postgres, Redis and HTTP; run through
// scripts/with-test-services.ts, which starts them on free loopback ports).
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];

const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  // The schema engine's wasm bindings ship as ES modules only.
  transformIgnorePatterns: ['/node_modules/(?!@prisma/schema-engine-wasm/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

export default {
  // Global only: jest ignores testTimeout inside a project. API tests start servers and workers.
  testTimeout: 60_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/tests/unit/**/*.test.ts'] },
    { ...common, displayName: 'api', testMatch: ['<rootDir>/tests/api/**/*.test.ts'], setupFiles: ['<rootDir>/tests/helpers/api-setup.ts'] },
  ],
};
