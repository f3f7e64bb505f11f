// jest setupFiles for the API project: in-process code under test (lib/redis, lib/realtime) talks to the test Redis.
process.env.REDIS_URL ??= process.env.TEST_REDIS_URL;
