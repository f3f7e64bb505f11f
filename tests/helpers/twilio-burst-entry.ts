import { callsPlaceableWithin, reserveCallSlot } from '@/lib/providers/twilio/call-pacing';
import { deliverSmsByTwilio } from '@/lib/providers/sms/deliver-by-twilio';
import { disconnectRedis } from '@/lib/redis';

// One of several worker processes sharing one Twilio account, printing one JSON line:
// `sms <count> <first digits>`: sends `count` SMS at once through the product's client: {"sent":n,"failed":[reasons]}.
// `calls <reserve> <within ms>`: reserves `reserve` call slots, then asks how many calls fit within the ms:
//   {"placeable":n,"waitedMs":ms}.
const [mode, first, second] = process.argv.slice(2);
if (mode === 'sms') {
  const count = Number(first);
  const results = await Promise.allSettled(
    Array.from({ length: count }, (_, index) =>
      deliverSmsByTwilio({ to: `+47${second}${String(index).padStart(4, '0')}`, body: `Message ${index}` }),
    ),
  );
  const failed = results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
  console.log(JSON.stringify({ sent: count - failed.length, failed }));
} else {
  for (let slot = 0; slot < Number(first); slot += 1) await reserveCallSlot();
  const started = performance.now();
  const placeable = await callsPlaceableWithin(Number(second), 100);
  console.log(JSON.stringify({ placeable, waitedMs: Math.round(performance.now() - started) }));
}
await disconnectRedis();
// The Twilio client keeps its connections open for the next request: nothing else is coming.
process.exit(0);
