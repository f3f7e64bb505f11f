import { describe, it, expect } from '@jest/globals';
import { freePort } from '@/scripts/lib/ports';
import { runEntry } from '@/scripts/lib/processes';
import { createTestDatabase } from '../helpers/test-database';
import { testEnv } from '../helpers/test-env';

describe('the production web server', () => {
  it('refuses to start without PUBLIC_URL, saying so, rather than failing sign-ups and reset links one by one', async () => {
    const database = await createTestDatabase();
    try {
      const child = runEntry('server', 'server.ts', [], {
        ...process.env,
        NODE_ENV: 'production',
        PUBLIC_URL: '',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        REDIS_URL: testEnv('TEST_REDIS_URL'),
      });
      let output = '';
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      // 'close', not 'exit': after the output has been read to its end and the pipes are closed (no handle left open).
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      expect(code).not.toBe(0);
      expect(output).toContain('PUBLIC_URL is not set');
    } finally {
      await database.drop();
    }
  });
});
