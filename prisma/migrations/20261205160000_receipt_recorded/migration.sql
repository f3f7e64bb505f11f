-- A message the outbox kept instead of sending (no provider configured for its channel) is recorded, not sent.
ALTER TYPE "ReceiptState" ADD VALUE 'recorded' AFTER 'processing';
