import { execFileSync } from 'node:child_process';
import path from 'node:path';

// `prisma generate` needs no engine, but the CLI looks for the native schema engine first; point it at a stand-in
// so it never tries to download one (our machines cannot reach Prisma's binary host).
execFileSync(process.execPath, [path.resolve('node_modules/prisma/build/index.js'), 'generate'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: path.resolve('scripts/lib/no-schema-engine.sh'),
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
