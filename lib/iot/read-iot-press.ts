import type { RequestReader } from '@/lib/http-parts/request-reader';

/**
 * The action header a Flic Hub sends with a press (docs/flic.md; its `code` header is the button's authentication,
 * lib/iot/button-code-auth.ts); the body, if any, is not read.
 */
export const iotPressHeaders: RequestReader<{ action: string | null }> = {
  mediaType: '*/*',
  read: async (request) => ({ action: request.headers.get('action') }),
};
