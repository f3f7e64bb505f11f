import { outboxDrivers, type OutboxDrivers } from './outbox-drivers';

/**
 * GET /api/delivery/channels (any member): where each channel's messages go on this installation — a provider, or only
 * the outbox (nothing really goes out). The send screen, the delivery report and the dashboard warn from it; the
 * operators' channel test (GET /api/operator/channels) says it before a test is sent.
 */
export async function getDeliveryChannels(): Promise<{ drivers: OutboxDrivers }> {
  return { drivers: outboxDrivers() };
}
