import type { DeliveryStatus } from '../alert-api';

/**
 * Spec §3: each delivery status has its colour (chips, the stats bar and its legend). The order is the spec's; the
 * Record type makes sure every status of lib/alerts/delivery-status.ts has one.
 */
export const STATUS_COLOURS: Record<DeliveryStatus, string> = {
  deliveredApp: '#2e90fa',
  receivedinapp: '#079455',
  received: '#085d3a',
  deliveredSms: '#0e9384',
  receivedassms: '#66c61c',
  failed: '#d92d20',
  fallback: '#f79009',
  fallbacksms: '#ca8504',
  sent: '#6172f3',
  processing: '#98a2b3',
  recorded: '#c11574',
  outOfTarget: '#475467',
};

export const STATUS_ORDER = Object.keys(STATUS_COLOURS) as DeliveryStatus[];

/** The statuses of the people alerted; outOfTarget (recorded, not alerted) is shown apart and not counted with them. */
export const ALERTED_STATUS_ORDER = STATUS_ORDER.filter((status) => status !== 'outOfTarget');
