import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { uniquePhone } from '../helpers/phone';
import { screenshot } from './screenshot';
import { expectLoggedIn } from './support/login-page';
import { latestEmailTo } from './support/outbox';
import { waitForCaptcha } from './support/captcha';

const STEP_SECONDS = 30;
const timeStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);
const codeForStep = (secret: string, step: number) => generate({ secret, epoch: step * STEP_SECONDS });

/** A Norwegian mobile number no other test uses, as typed after the dial code (sign-up refuses a taken phone). */
const uniqueLocalNumber = () => uniquePhone().slice('+47'.length);

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test.describe('a new customer', () => {
  test('signs up, confirms, logs in, turns on 2FA, logs in with a code and keeps an SOS list', async ({
    page,
  }, testInfo) => {
    test.skip(
      testInfo.project.name !== 'desktop',
      'the whole journey once; the pages are checked on phones in profile.spec.ts',
    );
    test.setTimeout(150_000);
    const email = `founder-${Date.now()}@example.com`;
    const password = 'a long enough password';

    // Sign up.
    await page.goto('/signup');
    await expect(page).toHaveTitle('Sign up - Tocsin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your company account');
    await page.getByRole('button', { name: 'Read the agreement' }).click();
    const eula = page.getByRole('dialog', { name: 'End user agreement' });
    await expect(eula).toContainText('Not a replacement for emergency services');
    await eula.getByRole('button', { name: 'Close' }).click();
    await expect(eula).toBeHidden();

    await page.getByLabel('Company name').fill('Fjord Rescue AS');
    await page.getByLabel('Your name').fill('Ingrid Founder');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Dial code').selectOption('+47');
    await page.getByLabel('Mobile phone').fill(uniqueLocalNumber());
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByLabel('I accept the end user agreement').check();
    await waitForCaptcha(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');
    await expect(page.getByText(email)).toBeVisible();
    await screenshot(page, testInfo, 'signup-sent');

    // Confirm with the link from the e-mail.
    const { link } = await latestEmailTo(email);
    expect(link).toContain('/confirmAdmin?token=');
    const confirmUrl = new URL(link!);
    await page.goto(`${confirmUrl.pathname}${confirmUrl.search}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Your account and company Fjord Rescue AS are active',
    );
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?email=${encodeURIComponent(email)}`,
    );
    await screenshot(page, testInfo, 'confirm-admin');

    // Log in: the profile shows the new account and its company.
    await logIn(page, email, password);
    await expect(page).toHaveURL(/:\d+\/$/);
    await expectLoggedIn(page);
    await page.goto('/profile');
    await expect(page.getByTestId('profile-details')).toContainText('Ingrid Founder');
    await expect(page.getByTestId('profile-details')).toContainText(email);
    await expect(page.getByTestId('profile-companies').getByRole('listitem')).toHaveText([
      /Fjord Rescue AS.*Owner.*Current/,
    ]);

    // Turn on two-factor authentication with a code computed from the key shown for manual entry.
    const twoFactor = page.getByTestId('profile-two-factor');
    await twoFactor.getByRole('button', { name: 'Enable' }).click();
    await expect(twoFactor.getByRole('img', { name: 'QR code to add Tocsin to your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    const enableStep = timeStep();
    await twoFactor.getByLabel('Code from the app').fill(await codeForStep(secret, enableStep));
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
    await expect(twoFactor.getByRole('button', { name: 'Disable' })).toBeVisible();

    // Log out and in again: now the code step comes.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/loggedOut\?reason=loggedOut&/);
    await logIn(page, email, password);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-step verification');
    // Each time step's code is accepted once and the one used to enable is spent: use the next step's code (the
    // server accepts one step of drift), or the current one if time has moved on already.
    await page.getByLabel('One-time code').fill(await codeForStep(secret, Math.max(enableStep + 1, timeStep())));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expectLoggedIn(page);
    await page.goto('/profile');

    // The SOS list: two contacts, saved, still there after a reload.
    const sos = page.getByTestId('profile-sos');
    await expect(sos.getByText('No SOS contacts yet.')).toBeVisible();
    await sos.getByRole('button', { name: 'Add a name and phone' }).click();
    await sos.getByRole('button', { name: 'Add a name and phone' }).click();
    const first = sos.getByRole('listitem', { name: 'Contact 1' });
    const second = sos.getByRole('listitem', { name: 'Contact 2' });
    await first.getByLabel('Name').fill('Ola Nordmann');
    await first.getByLabel('Dial code').selectOption('+47');
    await first.getByLabel('Phone').fill('912 34 567');
    await second.getByLabel('Name').fill('Greta Svensson');
    await second.getByLabel('Dial code').selectOption('+46');
    await second.getByLabel('Phone').fill('070-123 45 67');
    await sos.getByRole('button', { name: 'Save SOS list' }).click();
    await expect(page.getByText('Your SOS list has been saved')).toBeVisible();
    await screenshot(page, testInfo, 'profile-after-signup');

    await page.reload();
    await expect(first.getByLabel('Name')).toHaveValue('Ola Nordmann');
    await expect(first.getByLabel('Dial code')).toHaveValue('+47');
    await expect(first.getByLabel('Phone')).toHaveValue('91234567');
    await expect(second.getByLabel('Name')).toHaveValue('Greta Svensson');
    await expect(second.getByLabel('Dial code')).toHaveValue('+46');
    await expect(second.getByLabel('Phone')).toHaveValue('701234567');
  });
});
