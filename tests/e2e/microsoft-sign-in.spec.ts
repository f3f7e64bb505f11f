import { expect, test } from '@playwright/test';
import { E2E_ENTRA_APP } from '../helpers/fake-entra';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { expectLoggedIn, storedToken } from './support/login-page';
import { openAs } from './support/session';
import { screenshot } from './screenshot';

// Sign in with Microsoft (issue 20): an admin sets it up in its card on /company/azureAd, and a member signs in at the
// local provider in the shape of Entra ID (tests/helpers/fake-entra.ts, which tests/e2e/serve.ts points the server at)
// and lands in the console, logged in.

test.describe('sign in with Microsoft', () => {
  test('an admin sets it up in the card', async ({ page, baseURL }, testInfo) => {
    const admin = await createConfirmedUser();
    await openAs(page, admin, '/company/azureAd');
    const card = page.getByRole('region', { name: 'Sign in with Microsoft' });
    await expect(card.getByTestId('microsoft-redirect-uri')).toHaveText(`${baseURL}/login/microsoft`);
    await expect(card.getByTestId('public-url-warning')).toContainText('other devices cannot reach it');
    await expect(card.getByText('No secret saved yet.')).toBeVisible();

    // Turning it on needs the ids as GUIDs and a secret: said at the fields, nothing is saved.
    await card.getByLabel('Directory (tenant) ID').fill('contoso.onmicrosoft.com');
    await card.getByLabel('Let people sign in with Microsoft').check();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(
      card.getByText('Directory (tenant) ID must look like 00000000-0000-0000-0000-000000000000'),
    ).toBeVisible();
    await expect(card.getByText('Application (client) ID is required')).toBeVisible();
    await expect(card.getByText('Client secret is required')).toBeVisible();

    await card.getByLabel('Directory (tenant) ID').fill(E2E_ENTRA_APP.tenantId);
    await card.getByLabel('Application (client) ID').fill(E2E_ENTRA_APP.clientId);
    await card.getByLabel('Client secret').fill(E2E_ENTRA_APP.clientSecret);
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Sign-in with Microsoft saved')).toBeVisible();
    await expect(card.getByText('A secret is saved.')).toBeVisible();
    await expect(card.getByLabel('Client secret')).toHaveValue('');

    const stored = await e2eDb().microsoftSignIn.findUniqueOrThrow({ where: { companyId: admin.companyId } });
    const { clientSecret, ...app } = E2E_ENTRA_APP;
    expect(stored).toMatchObject({ enabled: true, ...app });
    // Stored encrypted at rest, never as typed (docs/self-hosting.md#secret-key).
    expect(stored.clientSecret).toMatch(/^enc:v1:/);
    expect(stored.clientSecret).not.toContain(clientSecret);
    // Kept after a reload, the secret never shown.
    await page.reload();
    await expect(card.getByLabel('Directory (tenant) ID')).toHaveValue(E2E_ENTRA_APP.tenantId);
    await expect(card.getByLabel('Let people sign in with Microsoft')).toBeChecked();
    await expect(card.getByLabel('Client secret')).toHaveValue('');
    await expect(page.getByText(E2E_ENTRA_APP.clientSecret)).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, testInfo, 'microsoft-sign-in-card');
  });

  test('a member signs in at Microsoft and lands in the console', async ({ page }, testInfo) => {
    const member = await createConfirmedUser({ role: 'user' });
    await e2eDb().microsoftSignIn.create({ data: { companyId: member.companyId, enabled: true, ...E2E_ENTRA_APP } });

    await page.goto('/login');
    await page.getByLabel('E-mail').fill(member.email);
    await screenshot(page, testInfo, 'microsoft-sign-in-login');
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();

    // Entra's page (the local provider): the account typed on the login page is suggested.
    await expect(page).toHaveURL(new RegExp(`/${E2E_ENTRA_APP.tenantId}/oauth2/v2.0/authorize`));
    await expect(page.getByLabel('E-mail')).toHaveValue(member.email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expectLoggedIn(page);
    expect(await page.evaluate(() => window.localStorage.getItem('tocsin.customerId'))).toBe(member.companyId);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const audit = await e2eDb().auditLog.findFirst({ where: { companyId: member.companyId, action: 'login' } });
    expect(audit?.data).toMatchObject({ method: 'microsoft' });
  });

  test('a cancelled sign-in and an e-mail without it end on the login page with a clear note', async ({
    page,
  }, testInfo) => {
    const member = await createConfirmedUser({ role: 'user' });
    await e2eDb().microsoftSignIn.create({ data: { companyId: member.companyId, enabled: true, ...E2E_ENTRA_APP } });
    const loginCard = page.getByRole('region', { name: 'Log in to Tocsin' });
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(member.email);
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login\?microsoftSignIn=cancelled$/);
    await expect(loginCard.getByRole('alert')).toHaveText('The sign-in with Microsoft was cancelled.');
    expect(await storedToken(page)).toBeNull();

    await page.getByLabel('E-mail').fill('nobody.here@example.test');
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
    await expect(page).toHaveURL(/\/login\?microsoftSignIn=unavailable$/);
    await expect(loginCard.getByRole('status')).toContainText('Sign-in with Microsoft could not be started');
    await screenshot(page, testInfo, 'microsoft-sign-in-unavailable');

    // The return page opened with an answer this browser did not ask for logs nobody in.
    await page.goto('/login/microsoft?code=someone-elses-code&state=someone-elses-state');
    await expect(page).toHaveURL(/\/login\?microsoftSignIn=notStartedHere$/);
    await expect(loginCard.getByRole('alert')).toContainText('was not started in this browser');
    expect(await storedToken(page)).toBeNull();
  });
});
