import { ApiError } from '@/lib/api-error';
import { jsonAnswer, SCIM_JSON_TYPE } from '@/lib/http-parts/answers';

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The `scimType` values of RFC 7644 §3.12 this server answers with. */
export type ScimType = 'uniqueness' | 'invalidValue' | 'invalidSyntax' | 'invalidFilter' | 'mutability' | 'noTarget';

/** A failure of a SCIM request: the route wrapper answers it as a SCIM error body carrying `scimType`. */
export function scimError(status: number, scimType: ScimType | null, detail: string): ApiError {
  return new ApiError(status, [detail], {}, scimType ? { scimType } : {});
}

/** The SCIM error body of any failure: our own `scimType`, else the one its status implies (409 duplicate, 400 bad value). */
export function scimErrorBody(error: ApiError) {
  const given = typeof error.details.scimType === 'string' ? error.details.scimType : undefined;
  const implied = error.status === 409 ? 'uniqueness' : error.status === 400 ? 'invalidValue' : undefined;
  const scimType = given ?? implied;
  return {
    schemas: [SCIM_ERROR_SCHEMA],
    status: String(error.status),
    ...(scimType ? { scimType } : {}),
    detail: error.messages.join('; '),
  };
}

/** Every failure of a SCIM request, answered as its SCIM error body (`application/scim+json`, RFC 7644 §3.12). */
export function scimFailure(error: ApiError, headers: Record<string, string>): Response {
  return jsonAnswer(scimErrorBody(error), error.status, {
    ...headers,
    ...error.headers,
    'Content-Type': SCIM_JSON_TYPE,
  });
}
