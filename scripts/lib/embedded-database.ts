/** Under .data/: the embedded Postgres' address while `npm start` runs it (mode 600), for `npm run operator`. */
export const EMBEDDED_DATABASE_URL_FILE = 'database-url';

/** Under .data/: the embedded Redis' address while `npm start` runs it (mode 600), for `npm run backup`. */
export const EMBEDDED_REDIS_URL_FILE = 'redis-url';
