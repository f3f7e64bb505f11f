import { logger } from '@/lib/logger';
import {
  installationKeyring,
  isStale,
  openSecret,
  sealSecret,
  UnreadableSecretError,
  type Keyring,
  type SecretPurpose,
} from './secret-box';

/** Where a stored secret is, for the operator's log: e.g. `User.totpSecret` of user `id`. */
export interface SecretPlace {
  column: string;
  id: string;
}

/** Logs, for the operator, that a stored secret cannot be read, where it is, and why. */
export function logUnreadableSecret(place: SecretPlace, error: UnreadableSecretError): void {
  logger.error(`${place.column} of ${place.id}: ${error.message}. See docs/self-hosting.md#secret-key`, {
    column: place.column,
    id: place.id,
    reason: error.reason,
    keyId: error.keyId,
  });
}

/**
 * The plain value of a stored secret, or null when no key of this installation opens it (logged for the operator, with
 * where and why: the caller answers as it does to a wrong secret, and changes nothing). A value stored in plain text
 * (before encryption) or under SECRET_KEY_PREVIOUS is handed to `replace` encrypted with SECRET_KEY: the caller stores
 * it in place of `stored` only where the column still holds `stored` (a conditional update), so a change made meanwhile
 * stays. A failed replacement is logged and leaves the value as it was (it is replaced at the next read).
 */
export async function openStoredSecret(
  stored: string,
  purpose: SecretPurpose,
  place: SecretPlace,
  replace: (sealed: string) => Promise<unknown>,
  keyring: Keyring = installationKeyring(),
): Promise<string | null> {
  let opened;
  try {
    opened = openSecret(stored, purpose, keyring);
  } catch (error) {
    if (!(error instanceof UnreadableSecretError)) throw error;
    logUnreadableSecret(place, error);
    return null;
  }
  if (isStale(opened)) {
    await replace(sealSecret(opened.value, purpose, keyring)).catch((error: unknown) =>
      logger.warn(`${place.column} of ${place.id} could not be encrypted again with SECRET_KEY`, { error }),
    );
  }
  return opened.value;
}
