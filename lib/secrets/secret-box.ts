import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { env } from '@/lib/env';
import { deriveKey, installationSecret } from '@/lib/secret-key';

// Secrets the product must read back (TOTP secrets, a company's Microsoft client secret) are stored encrypted with
// AES-256-GCM under a key derived from SECRET_KEY, in a self-describing text:
//
//   enc:v1:<key id>:<iv>:<tag>:<ciphertext>        (iv, tag and ciphertext in base64url)
//
// The key id is a short hash of the derived key, so a reader knows which key a value was encrypted with: SECRET_KEY,
// SECRET_KEY_PREVIOUS during a rotation, or neither. `enc:v1:<key id>` and the purpose (which kind of secret) are the
// authenticated data: a changed header, or a value moved to a column of another kind, does not decrypt. A value without
// the `enc:` prefix was written before secrets were encrypted and is read as it is.

const PREFIX = 'enc';
const VERSION = 'v1';
const KEY_PURPOSE = 'secrets-at-rest';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Which kind of secret a value is (part of the authenticated data). */
export type SecretPurpose = 'totp' | 'microsoft-client-secret';

export interface SecretKey {
  /** A short hash of the key, written with every value encrypted under it. */
  id: string;
  key: Buffer;
}

/** The key secrets are encrypted with, and the one of the previous SECRET_KEY that is still read during a rotation. */
export interface Keyring {
  current: SecretKey;
  previous: SecretKey | null;
}

/** The AES-256 key of stored secrets derived from a SECRET_KEY, with its id. */
export function keyFromSecret(secret: string): SecretKey {
  const key = Buffer.from(deriveKey(secret, KEY_PURPOSE), 'hex');
  const id = createHash('sha256').update('tocsin:key-id:').update(key).digest('base64url').slice(0, 8);
  return { id, key };
}

/** The keyring of a SECRET_KEY and, during a rotation, the SECRET_KEY before it. */
export function keyringOf(secret: string, previousSecret?: string | null): Keyring {
  if (secret.length < 32) throw new Error('SECRET_KEY is shorter than 32 characters (see .env.example)');
  if (previousSecret && previousSecret.length < 32) {
    throw new Error('SECRET_KEY_PREVIOUS is shorter than 32 characters (see .env.example)');
  }
  const current = keyFromSecret(secret);
  const previous = previousSecret ? keyFromSecret(previousSecret) : null;
  return { current, previous: previous && previous.id !== current.id ? previous : null };
}

let installationKeyringCache: Keyring | undefined;

/** This installation's keyring: SECRET_KEY (the development one where lib/secret-key.ts allows it) and SECRET_KEY_PREVIOUS. */
export function installationKeyring(): Keyring {
  installationKeyringCache ??= keyringOf(installationSecret(), env.SECRET_KEY_PREVIOUS);
  return installationKeyringCache;
}

/** The start of every value encrypted under `key` (to find the values that are not). */
export function sealedPrefix(key: SecretKey): string {
  return `${PREFIX}:${VERSION}:${key.id}:`;
}

const additionalData = (header: string, purpose: SecretPurpose) => Buffer.from(`${header}|${purpose}`, 'utf8');

/** `plain` encrypted with the keyring's current key, as stored. */
export function sealSecret(plain: string, purpose: SecretPurpose, keyring: Keyring = installationKeyring()): string {
  const header = `${PREFIX}:${VERSION}:${keyring.current.id}`;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData(header, purpose));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [header, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join(':');
}

/** Why a stored value could not be read. */
export type UnreadableReason = 'unknownKey' | 'notAuthentic' | 'malformed' | 'unknownVersion';

const REASONS: Record<UnreadableReason, string> = {
  unknownKey:
    'it was encrypted with a key that is neither SECRET_KEY nor SECRET_KEY_PREVIOUS (was SECRET_KEY changed ' +
    'without setting the old one as SECRET_KEY_PREVIOUS?)',
  notAuthentic: 'it does not decrypt with the key it names: the stored value was changed or damaged',
  malformed: 'it starts with "enc:" but is not in the enc:v1:<key id>:<iv>:<tag>:<ciphertext> form',
  unknownVersion: 'it is in a format version this Tocsin does not know (written by a newer version?)',
};

export class UnreadableSecretError extends Error {
  constructor(
    readonly reason: UnreadableReason,
    readonly keyId: string | null,
  ) {
    super(`The stored secret cannot be decrypted: ${REASONS[reason]}`);
    this.name = 'UnreadableSecretError';
  }
}

/** What a stored value holds, and whether it should be stored again encrypted with the current key. */
export interface OpenedSecret {
  value: string;
  /** current: encrypted with SECRET_KEY; previous: with SECRET_KEY_PREVIOUS; plaintext: stored before encryption. */
  storedAs: 'current' | 'previous' | 'plaintext';
}

export const isStale = (opened: OpenedSecret) => opened.storedAs !== 'current';

/** The value of a stored secret: decrypted with the key it names, or as it is when stored in plain text. */
export function openSecret(
  stored: string,
  purpose: SecretPurpose,
  keyring: Keyring = installationKeyring(),
): OpenedSecret {
  if (!stored.startsWith(`${PREFIX}:`)) return { value: stored, storedAs: 'plaintext' };
  const parts = stored.split(':');
  if (parts[1] !== VERSION)
    throw new UnreadableSecretError(/^v\d+$/.test(parts[1] ?? '') ? 'unknownVersion' : 'malformed', null);
  if (parts.length !== 6) throw new UnreadableSecretError('malformed', null);
  const [, , keyId, ivText, tagText, ciphertextText] = parts;
  const key = [keyring.current, keyring.previous].find((candidate) => candidate?.id === keyId);
  if (!key) throw new UnreadableSecretError('unknownKey', keyId);
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new UnreadableSecretError('malformed', keyId);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(additionalData(`${PREFIX}:${VERSION}:${keyId}`, purpose));
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]);
    return { value: plain.toString('utf8'), storedAs: key === keyring.current ? 'current' : 'previous' };
  } catch {
    throw new UnreadableSecretError('notAuthentic', keyId);
  }
}
