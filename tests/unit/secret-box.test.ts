import { describe, it, expect, jest } from '@jest/globals';
import {
  keyFromSecret,
  keyringOf,
  openSecret,
  sealSecret,
  sealedPrefix,
  UnreadableSecretError,
} from '@/lib/secrets/secret-box';
import { envWith } from '../helpers/env-with';

// Stored secrets encrypted at rest (lib/secrets/secret-box.ts): AES-256-GCM under a key derived from SECRET_KEY, in the
// form enc:v1:<key id>:<iv>:<tag>:<ciphertext>, read with SECRET_KEY or, during a rotation, SECRET_KEY_PREVIOUS.

const OLD = 'old-secret-key-0123456789abcdef-0123456789abcdef';
const NEW = 'new-secret-key-0123456789abcdef-0123456789abcdef';
const OTHER = 'another-installation-0123456789abcdef-0123456789';
const TOTP = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** lib/secrets/secret-box.ts loaded afresh (with lib/env) with `variables` set and `unset` removed from the environment. */
async function secretBoxWith(variables: Record<string, string>, unset: string[] = []) {
  const saved = { ...process.env };
  for (const name of [...unset, ...Object.keys(variables)]) delete process.env[name];
  Object.assign(process.env, variables);
  try {
    let loaded: typeof import('@/lib/secrets/secret-box') | undefined;
    await jest.isolateModulesAsync(async () => {
      loaded = await import('@/lib/secrets/secret-box');
    });
    return loaded as NonNullable<typeof loaded>;
  } finally {
    process.env = saved;
  }
}

async function installationKeyringWith(variables: Record<string, string>, unset: string[] = []) {
  return (await secretBoxWith(variables, unset)).installationKeyring();
}

const unreadable = (action: () => unknown) => {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(UnreadableSecretError);
    return (error as UnreadableSecretError).reason;
  }
  throw new Error('expected UnreadableSecretError');
};

describe('secrets encrypted at rest', () => {
  it('encrypts and decrypts, never storing the plain value, a new IV each time', () => {
    const keyring = keyringOf(NEW);
    const sealed = sealSecret(TOTP, 'totp', keyring);
    expect(sealed).toMatch(/^enc:v1:[\w-]{8}:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(sealed.startsWith(sealedPrefix(keyring.current))).toBe(true);
    expect(sealed).not.toContain(TOTP);
    expect(sealed).not.toContain(Buffer.from(TOTP).toString('base64url'));
    expect(sealSecret(TOTP, 'totp', keyring)).not.toBe(sealed);
    expect(openSecret(sealed, 'totp', keyring)).toEqual({ value: TOTP, storedAs: 'current' });
  });

  it('keeps any text: empty, long, not ASCII', () => {
    const keyring = keyringOf(NEW);
    for (const value of ['', 'x'.repeat(500), 'secret~Q8v.Fåke ✓']) {
      expect(
        openSecret(sealSecret(value, 'microsoft-client-secret', keyring), 'microsoft-client-secret', keyring),
      ).toEqual({ value, storedAs: 'current' });
    }
  });

  it('names the key by a short hash that is the same for the same SECRET_KEY and differs between keys', () => {
    expect(keyFromSecret(NEW).id).toBe(keyFromSecret(NEW).id);
    expect(keyFromSecret(NEW).id).not.toBe(keyFromSecret(OLD).id);
    expect(keyFromSecret(NEW).key).toHaveLength(32);
    expect(NEW).not.toContain(keyFromSecret(NEW).id);
  });

  it('does not decrypt with a wrong key, and says the key is unknown', () => {
    const sealed = sealSecret(TOTP, 'totp', keyringOf(OTHER));
    expect(unreadable(() => openSecret(sealed, 'totp', keyringOf(NEW)))).toBe('unknownKey');
    expect(unreadable(() => openSecret(sealed, 'totp', keyringOf(NEW, OLD)))).toBe('unknownKey');
    const error = (() => {
      try {
        openSecret(sealed, 'totp', keyringOf(NEW));
      } catch (caught) {
        return caught as UnreadableSecretError;
      }
    })();
    expect(error?.message).toContain('neither SECRET_KEY nor SECRET_KEY_PREVIOUS');
    expect(error?.keyId).toBe(keyFromSecret(OTHER).id);
  });

  it('reads values of the previous key during a rotation, marked to be encrypted again', () => {
    const before = sealSecret(TOTP, 'totp', keyringOf(OLD));
    const rotating = keyringOf(NEW, OLD);
    expect(openSecret(before, 'totp', rotating)).toEqual({ value: TOTP, storedAs: 'previous' });
    const again = sealSecret(TOTP, 'totp', rotating);
    expect(again.startsWith(sealedPrefix(keyFromSecret(NEW)))).toBe(true);
    expect(openSecret(again, 'totp', rotating)).toEqual({ value: TOTP, storedAs: 'current' });
    // Once SECRET_KEY_PREVIOUS is gone, only the values encrypted again are read.
    expect(openSecret(again, 'totp', keyringOf(NEW)).value).toBe(TOTP);
    expect(unreadable(() => openSecret(before, 'totp', keyringOf(NEW)))).toBe('unknownKey');
  });

  it('ignores a previous key equal to the current one', () => {
    expect(keyringOf(NEW, NEW).previous).toBeNull();
    expect(keyringOf(NEW, null).previous).toBeNull();
  });

  it('reads a value stored before encryption (no enc: prefix) as it is, marked to be encrypted', () => {
    expect(openSecret(TOTP, 'totp', keyringOf(NEW))).toEqual({ value: TOTP, storedAs: 'plaintext' });
    expect(openSecret('secret~abc.def', 'microsoft-client-secret', keyringOf(NEW))).toEqual({
      value: 'secret~abc.def',
      storedAs: 'plaintext',
    });
  });

  it('detects a changed ciphertext, tag, IV or header, and a value moved to another kind of secret', () => {
    const keyring = keyringOf(NEW, OLD);
    const sealed = sealSecret(TOTP, 'totp', keyring);
    const parts = sealed.split(':');
    const flip = (text: string) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[0] ^= 1;
      return bytes.toString('base64url');
    };
    for (const index of [3, 4, 5]) {
      const changed = parts.map((part, at) => (at === index ? flip(part) : part)).join(':');
      expect(unreadable(() => openSecret(changed, 'totp', keyring))).toBe('notAuthentic');
    }
    // The other key's id in the header: the value does not decrypt under that key either.
    const relabelled = [...parts.slice(0, 2), keyFromSecret(OLD).id, ...parts.slice(3)].join(':');
    expect(unreadable(() => openSecret(relabelled, 'totp', keyring))).toBe('notAuthentic');
    expect(unreadable(() => openSecret(sealed, 'microsoft-client-secret', keyring))).toBe('notAuthentic');
  });

  it('refuses a damaged value and an unknown format version, never reading them as plain text', () => {
    const keyring = keyringOf(NEW);
    const sealed = sealSecret(TOTP, 'totp', keyring);
    expect(unreadable(() => openSecret(sealed.split(':').slice(0, 5).join(':'), 'totp', keyring))).toBe('malformed');
    expect(unreadable(() => openSecret(`${sealed}:x`, 'totp', keyring))).toBe('malformed');
    expect(unreadable(() => openSecret('enc:', 'totp', keyring))).toBe('malformed');
    const shortIv = sealed
      .split(':')
      .map((part, at) => (at === 3 ? 'AAAA' : part))
      .join(':');
    expect(unreadable(() => openSecret(shortIv, 'totp', keyring))).toBe('malformed');
    expect(unreadable(() => openSecret(sealed.replace('enc:v1:', 'enc:v2:'), 'totp', keyring))).toBe('unknownVersion');
  });

  it('refuses keys shorter than 32 characters', () => {
    expect(() => keyringOf('short')).toThrow('SECRET_KEY is shorter than 32 characters');
    expect(() => keyringOf(NEW, 'short')).toThrow('SECRET_KEY_PREVIOUS is shorter than 32 characters');
  });

  it('uses the development SECRET_KEY where none is set outside production, as lib/secret-key.ts does', async () => {
    const keyring = await installationKeyringWith({ NODE_ENV: 'test' }, ['SECRET_KEY', 'SECRET_KEY_PREVIOUS']);
    expect(keyring.previous).toBeNull();
    expect(keyring.current.id).toBe(keyFromSecret('tocsin-development-secret-do-not-use-in-production').id);
    await expect(installationKeyringWith({ NODE_ENV: 'production' }, ['SECRET_KEY'])).rejects.toThrow(
      'SECRET_KEY is not set',
    );
  });

  it('takes SECRET_KEY_PREVIOUS from the environment: unset or empty is none, shorter than 32 is refused', async () => {
    expect((await envWith({}, ['SECRET_KEY_PREVIOUS'])).SECRET_KEY_PREVIOUS).toBeUndefined();
    expect((await envWith({ SECRET_KEY_PREVIOUS: '' })).SECRET_KEY_PREVIOUS).toBeUndefined();
    expect((await envWith({ SECRET_KEY_PREVIOUS: OLD })).SECRET_KEY_PREVIOUS).toBe(OLD);
    await expect(envWith({ SECRET_KEY_PREVIOUS: 'short' })).rejects.toThrow('SECRET_KEY_PREVIOUS');

    const keyring = await installationKeyringWith({ SECRET_KEY: NEW, SECRET_KEY_PREVIOUS: OLD });
    expect(keyring.current.id).toBe(keyFromSecret(NEW).id);
    expect(keyring.previous?.id).toBe(keyFromSecret(OLD).id);
    // The default keyring of sealSecret and openSecret.
    const { openSecret: open, sealSecret: seal } = await secretBoxWith({ SECRET_KEY: NEW, SECRET_KEY_PREVIOUS: OLD });
    expect(open(sealSecret(TOTP, 'totp', keyringOf(OLD)), 'totp')).toEqual({ value: TOTP, storedAs: 'previous' });
    expect(openSecret(seal(TOTP, 'totp'), 'totp', keyringOf(NEW))).toEqual({ value: TOTP, storedAs: 'current' });
  });
});
