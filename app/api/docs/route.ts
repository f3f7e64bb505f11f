import openApiDocument from '@/docs/api/openapi.json';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

/** The OpenAPI 3.1 document (docs/api/openapi.json, written by `npm run openapi` from the routes' own schemas). */
export const GET = route({ auth: 'none', summary: 'The OpenAPI document of this API' }, () => openApiDocument);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
