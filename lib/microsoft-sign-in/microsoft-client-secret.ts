import type { DbClient } from '@/lib/db';
import { openStoredSecret } from '@/lib/secrets/open-stored-secret';
import { sealSecret } from '@/lib/secrets/secret-box';

/** A company's Entra client secret as it is stored (MicrosoftSignIn.clientSecret): encrypted with SECRET_KEY. */
export function sealMicrosoftClientSecret(secret: string): string {
  return sealSecret(secret, 'microsoft-client-secret');
}

/**
 * The company's client secret as stored, decrypted; null when it cannot be decrypted (logged for the operator, with the
 * company). One stored in plain text or under SECRET_KEY_PREVIOUS is stored again encrypted with SECRET_KEY.
 */
export function openMicrosoftClientSecret(client: DbClient, companyId: string, stored: string): Promise<string | null> {
  return openStoredSecret(
    stored,
    'microsoft-client-secret',
    { column: 'MicrosoftSignIn.clientSecret', id: companyId },
    (sealed) =>
      client.microsoftSignIn.updateMany({ where: { companyId, clientSecret: stored }, data: { clientSecret: sealed } }),
  );
}
