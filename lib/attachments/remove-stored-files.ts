import { logger } from '@/lib/logger';
import { storage } from '@/lib/providers/storage/storage';

/** Removes files whose rows are already gone; a failure is logged (an orphaned file), not the caller's error. */
export async function removeStoredFiles(keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage().remove(key)));
  results.forEach((result, index) => {
    if (result.status === 'rejected')
      logger.error('could not remove a stored file', { key: keys[index], error: result.reason });
  });
}
