import { expect, test } from '@playwright/test';
import { issueAuthToken } from '@/lib/auth/auth-tokens';
import { hashToken } from '@/lib/auth/session-token';
import { INVITATION_LINK_MS } from '@/lib/members/send-member-notices';
import { createAccount } from '../helpers/accounts';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { expectLoggedIn } from './support/login-page';

// Item 8 of issue 16: the invitation e-mail's link opens a screen of its own (the spec's "confirm user e-mail"), which
// welcomes the person to the company, confirms the e-mail and lets them choose a password.

async function invitedPerson() {
  const owner = await createConfirmedUser();
  const company = await e2eDb().company.update({ where: { id: owner.companyId }, data: { name: 'Fjord Rescue' } });
  const person = await e2eDb().user.update({
    where: { id: (await createAccount(e2eDb(), { companyId: company.id, confirmed: false })).id },
    data: { passwordHash: null, name: 'Nina Ny' },
  });
  const token = await issueAuthToken(e2eDb(), {
    userId: person.id,
    kind: 'invitation',
    now: new Date(),
    validForMs: INVITATION_LINK_MS,
  });
  return { person, token };
}

test.describe('the invitation link (/confirmEmail)', () => {
  test.describe.configure({ timeout: 90_000 }); // a busy, shared machine
  test('welcomes the person, confirms the e-mail with the chosen password, then logs in', async ({
    page,
  }, testInfo) => {
    const { person, token } = await invitedPerson();
    await page.goto(`/confirmEmail?token=${encodeURIComponent(token)}`);
    await expect(page).toHaveTitle('Confirm your e-mail - Tocsin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Fjord Rescue');
    await expect(page.getByRole('main')).toContainText(
      `Hello Nina Ny. Choose a password to confirm your e-mail address ${person.email}`,
    );
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    await screenshot(page, testInfo, 'confirm-email');

    await page.getByLabel('Choose a password', { exact: true }).fill('a long good password');
    await page.getByLabel('Repeat the password', { exact: true }).fill('a long good password');
    await page.getByRole('button', { name: 'Confirm e-mail and save password' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account is ready');
    const stored = await e2eDb().user.findUniqueOrThrow({ where: { id: person.id } });
    expect(stored.emailConfirmedAt).not.toBeNull();
    expect(stored.passwordHash).not.toBeNull();
    await screenshot(page, testInfo, 'confirm-email-done');

    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page.getByLabel('E-mail')).toHaveValue(person.email);
    await page.getByLabel('Password', { exact: true }).fill('a long good password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectLoggedIn(page);
  });

  test('a used link says so and offers a new one', async ({ page }) => {
    const { token } = await invitedPerson();
    await e2eDb().authToken.update({ where: { tokenHash: hashToken(token) }, data: { usedAt: new Date() } });
    await page.goto(`/confirmEmail?token=${encodeURIComponent(token)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Link Expired');
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgotPassword');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('sign-up', () => {
  test.use({ timezoneId: 'Europe/Stockholm', locale: 'en-GB' });

  test('preselects the dial code of the country the browser is in', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByLabel('Dial code')).toHaveValue('+46');
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Europe/Stockholm');
  });
});
