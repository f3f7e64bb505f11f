import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createAccount, PASSWORD } from '../helpers/accounts';
import { screenshot, screenshotOf } from './screenshot';
import { holdCaptchaCode, waitForCaptcha, waitForReact } from './support/captcha';
import { createConfirmedUser } from './support/accounts';
import { openAs } from './support/session';
import { e2eDb } from './support/e2e-db';
import { expectLoggedIn } from './support/login-page';

const openProfileAs = (page: Page, user: { email: string; password: string }) => openAs(page, user, '/profile');

// A 1×1 red PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('sign-up pages', () => {
  test('the sign-up form checks its fields before calling the server', async ({ page }, testInfo) => {
    await page.goto('/signup');
    await expect(page.getByLabel('Dial code')).toHaveValue('+47');
    await screenshot(page, testInfo, 'signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Company name is required')).toBeVisible();
    await expect(page.getByText('Your name is required')).toBeVisible();
    await expect(page.getByText('E-mail is required')).toBeVisible();
    await expect(page.getByText('Mobile phone is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByText('You must accept the end user agreement')).toBeVisible();

    await page.getByLabel('Company name').fill('AB');
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByLabel('Mobile phone').fill('12');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Company name must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('E-mail is not valid')).toBeVisible();
    await expect(page.getByText('Mobile phone is not valid')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByLabel('Company name')).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, testInfo, 'signup-invalid');
  });

  test('an e-mail or phone that is already registered gets "User already exists"', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one server round trip is enough');
    const existing = await createConfirmedUser();
    // The whole form is filled before the captcha's code has arrived (a quick typist on a slow line): it must still
    // start solving once it is there.
    const captchaHeld = await holdCaptchaCode(page);
    await page.goto('/signup', { waitUntil: 'domcontentloaded' });
    await waitForReact(page, 'form');
    await page.getByLabel('Company name').fill('Duplicate Ltd');
    await page.getByLabel('Your name').fill('Someone Else');
    await page.getByLabel('E-mail').fill(existing.email);
    await page.getByLabel('Mobile phone').fill(`9${String((Date.now() + 5_000) % 10_000_000).padStart(7, '0')}`);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a long enough password');
    await page.getByLabel('I accept the end user agreement').check();
    await expect(page.locator('altcha-widget')).toHaveCount(0);
    captchaHeld.release();
    await waitForCaptcha(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    const dialog = page.getByRole('dialog', { name: 'User already exists' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Errors:');
    await dialog.getByRole('button', { name: 'OK' }).click();
    // The used captcha solution is replaced by a fresh one for the next try.
    await waitForCaptcha(page);
  });

  test('speaks the chosen language, the captcha included', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'tocsin-locale', value: 'es-es', url: baseURL! }]);
    await page.goto('/signup');
    await expect(page).toHaveTitle('Registrarse - Tocsin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crea la cuenta de tu empresa');
    // It solves its puzzle once the user is in the form (the first field has the focus from the start).
    await page.getByLabel('Nombre de la empresa').focus();
    await expect(page.getByTestId('captcha')).toContainText('Verificado', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByText('Nombre de la empresa es obligatorio')).toBeVisible();
  });

  test('a used or unknown confirmation link says "Link Expired"', async ({ page }) => {
    await page.goto('/confirmAdmin?token=not-a-real-token');
    const dialog = page.getByRole('dialog', { name: 'Link Expired' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The account was not activated');
    await expect(page.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/signup');
  });
});

test.describe('profile', () => {
  test('without a session goes to the login with the way back', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  });

  test('shows the details, companies, SOS list, 2FA and My Data; the name can be changed', async ({
    page,
  }, testInfo) => {
    const user = await createConfirmedUser();
    await openProfileAs(page, user);
    await expect(page).toHaveTitle('Profile - Tocsin');
    for (const heading of [
      'Your details',
      'Alerts on your phone',
      'Your companies',
      'SOS list',
      'Two-factor authentication',
      'My data',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByTestId('profile-two-factor')).toContainText('Off');
    await screenshot(page, testInfo, 'profile');

    const details = page.getByTestId('profile-details');
    await details.getByRole('button', { name: 'Edit' }).click();
    await details.getByLabel('Name').fill('Al');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details.getByText('Name must be at least 3 characters')).toBeVisible();
    await details.getByLabel('Name').fill('Renamed Person');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your name has been saved')).toBeVisible();
    await page.reload();
    await expect(details).toContainText('Renamed Person');

    // The 2FA set-up shows the QR code and the key; a wrong code is refused with the translated title.
    const twoFactor = page.getByTestId('profile-two-factor');
    await twoFactor.getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByTestId('totp-secret')).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    await screenshot(page, testInfo, 'profile-2fa-setup');
    await twoFactor.getByLabel('Code from the app').fill('12345');
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    await expect(twoFactor.getByText('Code from the app is not valid')).toBeVisible();
    await twoFactor.getByLabel('Code from the app').fill('000000');
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Error Enabling 2FA' });
    await expect(dialog).toContainText('Is your one-time code correct?');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await twoFactor.getByRole('button', { name: 'Cancel' }).click();
    await expect(twoFactor.getByRole('button', { name: 'Enable' })).toBeVisible();

    const sos = page.getByTestId('profile-sos');
    await sos.getByRole('button', { name: 'Add a name and phone' }).click();
    await sos.getByRole('listitem', { name: 'Contact 1' }).getByLabel('Name').fill('Ola Nordmann');
    await sos.getByRole('button', { name: 'Add a name and phone' }).click();
    await sos.getByRole('button', { name: 'Save SOS list' }).click();
    await expect(sos.getByRole('listitem', { name: 'Contact 2' }).getByText('Name is required')).toBeVisible();
    await screenshotOf(sos, testInfo, 'profile-sos-rows');
  });

  test('a person whose name Microsoft Entra ID provides sees it as managed, with no way to edit it', async ({
    page,
  }, testInfo) => {
    const user = await createConfirmedUser({ role: 'user' });
    // An account the company's directory made (a person's own account keeps a name of its own: issue 32).
    await e2eDb().membership.updateMany({ where: { userId: user.userId }, data: { managed: true } });
    await e2eDb().user.update({ where: { id: user.userId }, data: { directoryCompanyId: user.companyId } });
    await openProfileAs(page, user);
    const details = page.getByTestId('profile-details');
    await expect(details).toContainText(user.name);
    await expect(details.getByText('Managed by Entra ID')).toBeVisible();
    await expect(details.getByTestId('name-managed')).toHaveText(
      'Your name comes from your company’s directory (Microsoft Entra ID). Change it there.',
    );
    await expect(details.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await screenshotOf(details, testInfo, 'profile-name-managed');
  });

  test('the SOS list reorders and removes contacts, and checks them before saving', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'editing once is enough; the layout is in the screenshots');
    const user = await createConfirmedUser();
    await openProfileAs(page, user);
    const sos = page.getByTestId('profile-sos');
    await sos.getByRole('button', { name: 'Add a name and phone' }).click();
    await sos.getByRole('button', { name: 'Save SOS list' }).click();
    await expect(sos.getByText('Name is required')).toBeVisible();
    await expect(sos.getByText('Phone is required')).toBeVisible();

    const row = (position: number) => sos.getByRole('listitem', { name: `Contact ${position}` });
    await row(1).getByLabel('Name').fill('First Person');
    await row(1).getByLabel('Phone').fill('41234567');
    await sos.getByRole('button', { name: 'Add a name and phone' }).click();
    await row(2).getByLabel('Name').fill('Second Person');
    await row(2).getByLabel('Phone').fill('98765432');
    await sos.getByRole('button', { name: 'Add a name and phone' }).click();
    await row(3).getByLabel('Name').fill('Third Person');
    await row(3).getByLabel('Phone').fill('45678901');
    await row(3).getByRole('button', { name: 'Move contact 3 up' }).click();
    await row(1).getByRole('button', { name: 'Remove contact 1' }).click();
    await sos.getByRole('button', { name: 'Save SOS list' }).click();
    await expect(page.getByText('Your SOS list has been saved')).toBeVisible();

    const stored = await e2eDb().sosContact.findMany({ where: { userId: user.userId }, orderBy: { sortIndex: 'asc' } });
    expect(stored.map((contact) => [contact.name, contact.phone])).toEqual([
      ['Third Person', '+4745678901'],
      ['Second Person', '+4798765432'],
    ]);
    await page.reload();
    await expect(row(1).getByLabel('Name')).toHaveValue('Third Person');
    await expect(row(2).getByLabel('Name')).toHaveValue('Second Person');
    await expect(sos.getByRole('button', { name: 'Save SOS list' })).toBeDisabled();
  });

  test('the SOS list names its two ways to add, and the member choice fits its box', async ({ page }, testInfo) => {
    const user = await createConfirmedUser();
    const colleague = await e2eDb().user.update({
      where: { id: (await createAccount(e2eDb(), { companyId: user.companyId })).id },
      data: { name: 'Kari Colleague' },
    });
    await openProfileAs(page, user);
    const sos = page.getByTestId('profile-sos');
    const ways = sos.getByRole('group', { name: 'Add to the SOS list' });
    await expect(ways.getByText('A member of the company')).toBeVisible();
    await expect(ways.getByText('Someone outside the company')).toBeVisible();
    const member = ways.getByLabel('A member of the company');
    await expect(member.locator('option:checked')).toHaveText('Choose a member');
    await sos.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'profile-sos-add');

    // The chosen option's text fits inside the select (its padding and arrow excluded): not cut off.
    const room = await member.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const text = context.measureText(select.selectedOptions[0].text).width;
      const inner = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, inner };
    });
    expect(room.text).toBeLessThanOrEqual(room.inner);

    await member.selectOption({ label: 'Kari Colleague' });
    await ways.getByRole('button', { name: 'Add member' }).click();
    await expect(sos.getByRole('listitem', { name: 'Contact 1' })).toContainText('Kari Colleague');
    await ways.getByRole('button', { name: 'Add a name and phone' }).click();
    await expect(sos.getByRole('listitem', { name: 'Contact 2' }).getByLabel('Name')).toBeFocused();
    await sos.getByRole('listitem', { name: 'Contact 2' }).getByLabel('Name').fill('Outside Person');
    await sos.getByRole('listitem', { name: 'Contact 2' }).getByLabel('Phone').fill('41234567');
    await sos.getByRole('button', { name: 'Save SOS list' }).click();
    await expect(page.getByText('Your SOS list has been saved')).toBeVisible();
    const stored = await e2eDb().sosContact.findMany({ where: { userId: user.userId }, orderBy: { sortIndex: 'asc' } });
    expect(stored.map((contact) => contact.contactUserId ?? contact.name)).toEqual([colleague.id, 'Outside Person']);
  });

  test('a photo is uploaded, previewed and removed', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'once is enough');
    const user = await createConfirmedUser();
    await openProfileAs(page, user);
    const details = page.getByTestId('profile-details');
    await page.getByTestId('photo-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Your photo has been updated')).toBeVisible();
    const photo = details.getByRole('img', { name: `Profile photo of ${user.name}` });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    await details.getByRole('button', { name: 'View the profile photo' }).click();
    const preview = page.getByRole('dialog');
    await expect(preview.getByRole('img', { name: `Profile photo of ${user.name}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    await details.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Your photo has been removed')).toBeVisible();
    await expect(photo).toBeHidden();
    expect((await e2eDb().user.findUniqueOrThrow({ where: { id: user.userId } })).profilePhotoKey).toBeNull();
  });

  test('My Data downloads a JSON file about the user', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'once is enough');
    const user = await createConfirmedUser();
    await openProfileAs(page, user);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^tocsin-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const content = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(content.email).toBe(user.email);
  });

  test('deleting the account needs the e-mail typed, refuses a sole owner with members, then logs out', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'once is enough');
    const user = await createConfirmedUser();
    const colleague = await createAccount(e2eDb(), { companyId: user.companyId, role: 'user' });
    await openProfileAs(page, user);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    let dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox').fill(user.email);
    await expect(confirm).toBeEnabled();
    await confirm.click();
    const refused = page.getByRole('dialog', { name: 'You are the only owner' });
    await expect(refused).toContainText('make another member owner');
    await refused.getByRole('button', { name: 'OK' }).click();

    // Once the colleague has left, the company goes with the account.
    await e2eDb().membership.deleteMany({ where: { userId: colleague.id } });
    await page.getByRole('button', { name: 'Delete my account' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('textbox').fill(user.email);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(page).toHaveURL(/\/loggedOut$/);
    expect(await page.evaluate(() => window.localStorage.getItem('tocsin.token'))).toBeNull();
    expect(await e2eDb().user.findUnique({ where: { id: user.userId } })).toBeNull();
  });

  test('a user without a company sees a notice, and creates a company', async ({ page }, testInfo) => {
    const loner = await createAccount(e2eDb(), {});
    await openProfileAs(page, { email: loner.email, password: PASSWORD });
    await expectLoggedIn(page);
    await expect(page.getByText('You are not a member of any company.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'SOS list' })).toHaveCount(0);
    await screenshot(page, testInfo, 'profile-no-company');

    await page.getByRole('link', { name: 'Create new company' }).click();
    await expect(page).toHaveURL(/\/newCompany$/);
    await expect(page).toHaveTitle('New company - Tocsin');
    await page.getByRole('button', { name: 'Create company' }).click();
    await expect(page.getByText('Company name is required')).toBeVisible();
    await page.getByLabel('Company name').fill(`Loner Works ${testInfo.project.name}`);
    await screenshot(page, testInfo, 'new-company');
    await page.getByRole('button', { name: 'Create company' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/profile');
    await expect(page.getByTestId('profile-companies').getByRole('listitem')).toHaveText([
      new RegExp(`Loner Works ${testInfo.project.name}.*Owner.*Current`),
    ]);
    await expect(page.getByRole('heading', { level: 2, name: 'SOS list' })).toBeVisible();
    const membership = await e2eDb().membership.findFirstOrThrow({ where: { userId: loner.id } });
    expect(await page.evaluate(() => window.localStorage.getItem('tocsin.customerId'))).toBe(membership.companyId);
  });
});
