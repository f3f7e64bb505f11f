// The BullMQ queues, apart from the rest of lib/queue.ts (use that) and importing nothing, so that lib/env.ts can name them.

export const QUEUES = {
  maintenance: 'maintenance',
  email: 'email',
  sms: 'sms',
  /** Alert delivery: the dispatch, the parts that share each receipt group's sending, and the fallback SMS. */
  delivery: 'delivery',
  /** Mission alarms: a delayed job at each mission's end time. */
  missions: 'missions',
  /** Positionings: the data pushes asking devices for their position, and the delayed close of unanswered ones. */
  positionings: 'positionings',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const QUEUE_NAMES = Object.values(QUEUES) as [QueueName, ...QueueName[]];
