import { env } from '@/lib/env';
import { isHeartbeatFileFresh } from '@/lib/workers/worker-heartbeat-file';

// docker-compose.yml's worker healthcheck: exits 0 while the worker of this container beats (WORKER_HEARTBEAT_FILE).
if (!env.WORKER_HEARTBEAT_FILE) {
  console.error('WORKER_HEARTBEAT_FILE is not set: the worker notes no heartbeat to check.');
  process.exit(1);
}
const fresh = await isHeartbeatFileFresh(env.WORKER_HEARTBEAT_FILE, Date.now());
if (!fresh) console.error(`No worker heartbeat in ${env.WORKER_HEARTBEAT_FILE} within the last 15 s.`);
process.exit(fresh ? 0 : 1);
