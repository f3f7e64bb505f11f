import { expect } from '@jest/globals';
import type { ApiTestContext } from './api-test-context';
import { createCompany, createMember } from './fixtures';

export const SCIM_JSON = 'application/scim+json';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A company with an admin, directory provisioning on and a directory key made through the product API. */
export async function createScimCompany(api: ApiTestContext) {
  const company = await createCompany(api.db);
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const made = await api.call('POST', '/api/azureAd/keys', { token: admin.token, body: { name: 'Entra' } });
  await api.call('PUT', '/api/azureAd/enabled', { token: admin.token, body: { enabled: true } });
  return { company, admin, key: made.body.key as string, keyId: made.body.id as string };
}

/** A SCIM request as Entra's provisioning service sends it: the key as bearer token, SCIM JSON. */
export function scimCall(api: ApiTestContext, key: string | null, method: string, path: string, body?: unknown) {
  return api.call(method, `/scim/v2${path}`, {
    body,
    headers: {
      'Content-Type': SCIM_JSON,
      Accept: SCIM_JSON,
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
    },
  });
}

/** A SCIM error body with this status (as a string) and scimType. */
export function scimErrorShape(status: number, scimType?: string) {
  return {
    schemas: [SCIM_ERROR],
    status: String(status),
    ...(scimType ? { scimType } : {}),
    detail: expectString,
  };
}

const expectString = expect.any(String) as unknown as string;
