import { deliverSmsByTwilio } from '@/lib/providers/sms/deliver-by-twilio';
import { disconnectRedis } from '@/lib/redis';

// A process that sends `count` SMS through the product's Twilio client all at once (args: count, the numbers' first
// digits), as one of several worker processes sharing one Twilio account, and prints {"sent":n,"failed":[reasons]}.
const [count, prefix] = [Number(process.argv[2]), process.argv[3]];
const results = await Promise.allSettled(
  Array.from({ length: count }, (_, index) =>
    deliverSmsByTwilio({ to: `+47${prefix}${String(index).padStart(4, '0')}`, body: `Message ${index}` }),
  ),
);
const failed = results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
console.log(JSON.stringify({ sent: count - failed.length, failed }));
await disconnectRedis();
// The Twilio client keeps its connections open for the next request: nothing else is coming.
process.exit(0);
