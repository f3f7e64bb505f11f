// Shared by the outbox route and its page (no server imports here: the browser bundle takes these values).

/** The channels an outbox row can have (OutboxChannel in prisma/schema.prisma). */
export const OUTBOX_CHANNELS = ['sms', 'voice', 'push', 'email'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export const OUTBOX_PAGE_SIZE = 50;
