import { describe, it, expect } from '@jest/globals';
import { envWith } from '../helpers/env-with';

// How often every live connection's session and membership are checked again (lib/event-hub/attach-realtime.ts).
// Tests set it shorter (the API tests 1 s, the e2e server 2 s); unset, a minute.

describe('the realtime re-check', () => {
  it('runs every 60 seconds unless set, and takes a positive number of seconds', async () => {
    expect((await envWith({}, ['REALTIME_RECHECK_SECONDS'])).REALTIME_RECHECK_SECONDS).toBe(60);
    expect((await envWith({ REALTIME_RECHECK_SECONDS: '2' })).REALTIME_RECHECK_SECONDS).toBe(2);
    await expect(envWith({ REALTIME_RECHECK_SECONDS: '0' })).rejects.toThrow('REALTIME_RECHECK_SECONDS');
  });
});
