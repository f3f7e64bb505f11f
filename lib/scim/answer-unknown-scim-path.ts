import { ApiError } from '@/lib/api-error';

/** Any /scim/v2 path no SCIM route has, with any method: a SCIM 404 (the route's kind), not the console's HTML page. */
export async function answerUnknownScimPath(): Promise<never> {
  throw ApiError.notFound('This SCIM address');
}
