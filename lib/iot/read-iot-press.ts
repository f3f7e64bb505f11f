import type { RequestReader } from '@/lib/http/request-reader';

/** The two headers a Flic Hub sends with a press (docs/flic.md); the body, if any, is not read. */
export const iotPressHeaders: RequestReader<{ action: string | null; code: string | null }> = {
  mediaType: '*/*',
  read: async (request) => ({ action: request.headers.get('action'), code: request.headers.get('code') }),
};
