const globalForStop = globalThis as unknown as { tocsinDeliveryStopping?: boolean };

/** The worker is shutting down: delivery runs stop taking batches and hand their job back (see deliverReceipts). */
export function requestDeliveryStop(): void {
  globalForStop.tocsinDeliveryStopping = true;
}

export function deliveryStopRequested(): boolean {
  return globalForStop.tocsinDeliveryStopping === true;
}
