const PREFIX = 'outbox:';

/** The provider id of a message the outbox kept instead of sending (no provider configured for its channel). */
export function outboxProviderId(outboxMessageId: string): string {
  return `${PREFIX}${outboxMessageId}`;
}

/** Whether a provider id names an outbox record: recorded, never sent (DESIGN §6). */
export function isOutboxProviderId(providerId: string | null | undefined): boolean {
  return providerId?.startsWith(PREFIX) ?? false;
}

/** The outbox record's own id in such a provider id. */
export function outboxRecordId(providerId: string): string {
  return providerId.slice(PREFIX.length);
}
