import { processSingleton } from '@/lib/singleton';

const stop = processSingleton('delivery-stop', () => ({ requested: false }));

/** The worker is shutting down: delivery runs stop taking batches and hand their job back (see deliverReceipts). */
export function requestDeliveryStop(): void {
  stop.get().requested = true;
}

export function deliveryStopRequested(): boolean {
  return stop.get().requested;
}
