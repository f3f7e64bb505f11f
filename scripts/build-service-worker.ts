import { buildServiceWorker } from './lib/build-service-worker';

// `npm run build`'s second step: the responder's service worker, after `next build` (scripts/lib/build-service-worker.ts).
await buildServiceWorker();
