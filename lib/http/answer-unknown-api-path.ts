import { ApiError } from '@/lib/api-error';

/** Any /api path no route has, with any method: the API's JSON 404, not the console's HTML page. */
export async function answerUnknownApiPath(): Promise<never> {
  throw ApiError.notFound('This API address');
}
