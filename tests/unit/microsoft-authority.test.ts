import { describe, it, expect, jest } from '@jest/globals';

// Where sign-in with Microsoft reaches Entra ID: Microsoft's global cloud when MICROSOFT_AUTHORITY_URL is unset (the
// API and e2e tests point it at the local provider, tests/helpers/fake-entra.ts).

const TENANT = '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

/** The module's answers for these variables (lib/env reads the environment once: a fresh copy each). */
async function authorityWith(variables: Record<string, string>) {
  const saved = { ...process.env };
  delete process.env.MICROSOFT_AUTHORITY_URL;
  Object.assign(process.env, variables);
  try {
    let result: { issuer: string; discovery: string } | undefined;
    await jest.isolateModulesAsync(async () => {
      const module = await import('@/lib/microsoft-sign-in/microsoft-authority');
      result = { issuer: module.tenantIssuer(TENANT), discovery: module.discoveryUrl(TENANT) };
    });
    return result as NonNullable<typeof result>;
  } finally {
    process.env = saved;
  }
}

describe('Microsoft authority', () => {
  it('unset, is login.microsoftonline.com: the tenant v2.0 issuer and its discovery document', async () => {
    expect(await authorityWith({})).toEqual({
      issuer: `https://login.microsoftonline.com/${TENANT}/v2.0`,
      discovery: `https://login.microsoftonline.com/${TENANT}/v2.0/.well-known/openid-configuration`,
    });
  });

  it('follows MICROSOFT_AUTHORITY_URL (a national cloud), with or without a slash at the end', async () => {
    for (const base of ['https://login.microsoftonline.us', 'https://login.microsoftonline.us/'])
      expect((await authorityWith({ MICROSOFT_AUTHORITY_URL: base })).discovery).toBe(
        `https://login.microsoftonline.us/${TENANT}/v2.0/.well-known/openid-configuration`,
      );
  });
});
