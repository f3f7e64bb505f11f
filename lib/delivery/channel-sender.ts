import type { ClaimedReceipt } from './claim-receipts';
import type { SendOutcome } from './record-outcomes';

export interface InDoubtReceipt extends ClaimedReceipt {
  /** When the dead worker took it: what the provider has from before cannot be this message. */
  claimedAt: Date;
}

/** Sends one channel's taken receipts of one alert through its provider (or the outbox). */
export interface ChannelSender {
  /** How many receipts to take at once (at most). */
  batchSize: number;
  /**
   * For a provider that paces its requests (calls per second): waits, holding no receipt, until it can request some
   * within the delivery lease, and answers how many (1 to batchSize) to take now. A receipt taken and not requested
   * before its lease ends would be treated as in doubt. Absent: batchSize. The claim loop asks it before each batch.
   */
  takeNow?(): Promise<number>;
  /**
   * One outcome per receipt this attempt still held when its turn came (none for a receipt another part took over as
   * in doubt meanwhile: that part records it); never throws for one message's failure.
   */
  send(claims: ClaimedReceipt[]): Promise<SendOutcome[]>;
  /**
   * For a receipt in doubt: the provider's id if the message did go out, null if it must be sent (again). Providers
   * that cannot be asked answer null: the outbox records a message once anyway, and a resent push replaces the first
   * on the phone (same collapse id).
   */
  findSent(claim: InDoubtReceipt): Promise<string | null>;
}
