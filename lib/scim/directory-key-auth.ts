import { ApiError } from '@/lib/api-error';
import { companySuspended } from '@/lib/auth/resolve-membership';
import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { SCIM_JSON_TYPE } from '@/lib/http-parts/answers';
import { type AuthKind, bearerTokenOf } from '@/lib/http-parts/auth-kind';
import { scimErrorBody, scimFailure } from './scim-error';
import { recordDirectoryRequest } from '@/lib/directory/record-directory-request';
import { resolveDirectoryKey } from '@/lib/directory/resolve-directory-key';

/**
 * `auth: 'directory'`, a SCIM request (app/scim/v2, not part of our /api): a directory key as the bearer token (401),
 * the company's integration on (403). Answers and failures are SCIM JSON (`application/scim+json`, RFC 7644 §3.12
 * error bodies), and every request past the key lookup is written to the provisioning log with the notes its
 * operation left in `ctx.notes`.
 */
export const directoryKeyAuth: AuthKind<DirectoryCtx> = {
  async authenticate({ request, base, onAnswer }) {
    const { ctx, enabled, suspended } = await resolveDirectoryKey(base, bearerTokenOf(request));
    onAnswer(({ status, error, result }) =>
      recordDirectoryRequest(ctx, request, {
        status,
        scimType: error ? (scimErrorBody(error).scimType ?? null) : null,
        result,
      }),
    );
    if (suspended) throw companySuspended();
    if (!enabled) throw ApiError.forbidden('Directory provisioning is turned off for this company');
    return { ctx };
  },
  fail: scimFailure,
  jsonType: SCIM_JSON_TYPE,
  document: {
    access: () => 'A directory key as the bearer token (SCIM, RFC 7644); provisioning on for its company.',
    refusals: { '401': { $ref: '#/components/responses/Error' }, '403': { $ref: '#/components/responses/Error' } },
  },
};
