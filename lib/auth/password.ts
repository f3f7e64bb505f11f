import { z } from 'zod';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (OWASP-recommended memory and time costs).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A password someone chooses: at least 8 characters (spec §5). */
export const newPassword = z.string().min(8).max(200);
