import { expect, test } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';
import { screenshot } from './screenshot';

// /company/voice (issue 19): the voice of alert calls, its texts with their counters, a preview of the whole call as it
// will sound (the offline engine: no Polly on a plain installation), and saving.

test.describe('voice settings', () => {
  test('an admin picks a voice, edits the texts, hears the call and saves; it is kept', async ({ page }, testInfo) => {
    const db = e2eDb();
    const admin = await createConfirmedUser();
    await db.company.update({ where: { id: admin.companyId }, data: { name: 'Fjord Ferries', plan: 'enterprise' } });
    await openAs(page, admin, '/company/voice');
    await expect(page.getByRole('heading', { level: 1, name: 'Voice settings' })).toBeVisible();

    // The company's language and its default voice and texts.
    const voice = page.getByRole('region', { name: 'Voice' });
    await expect(voice.getByRole('combobox', { name: 'Language' })).toHaveValue('en-us');
    const voicePicker = voice.getByRole('combobox', { name: 'Voice', exact: true });
    await expect(voicePicker).toBeEnabled();
    await expect(voicePicker).toHaveValue('Polly.Joanna');
    await voicePicker.selectOption({ label: 'Matthew · male · Amazon Polly · natural' });

    const texts = page.getByRole('region', { name: 'What the call says' });
    const intro = texts.getByRole('textbox', { name: 'Introduction' });
    await expect(intro).toHaveValue('This is an alert from Fjord Ferries.');
    await intro.fill('Fjord Ferries control room calling.');
    await expect(texts).toContainText('35 of 300 characters');
    await texts.getByRole('textbox', { name: 'Conference call' }).fill('Pressing 1 also joins the crisis team call.');
    await texts.getByRole('textbox', { name: 'After pressing 1' }).fill('');

    // The preview reads the whole call: the announcement of a sample alert, the conference text, the confirmation.
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview).toContainText('Fjord Ferries control room calling. Fire drill.');
    await expect(preview).toContainText('Pressing 1 also joins the crisis team call.');
    await preview.getByRole('button', { name: 'Play the call' }).click();
    const audio = preview.getByLabel('The call, as it will sound');
    await expect(audio).toBeVisible({ timeout: 30_000 });
    await expect(preview.getByRole('status')).toContainText('built-in offline voice');
    // No call provider on this server: the preview says calls are only recorded, and promises no Twilio voice.
    await expect(preview.getByRole('status')).toContainText('calls are only recorded in the Outbox');
    // It loads and plays: a real duration, and time passes.
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), { timeout: 15_000 })
      .toBeGreaterThan(2);
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0);
    // Changing a text marks the sample as old.
    await intro.fill('Fjord Ferries control room calling you.');
    await expect(preview.getByRole('status')).toContainText('play again to hear them');

    // An empty text is refused before saving.
    await page.getByRole('button', { name: 'Save voice settings' }).click();
    await expect(texts.getByText('After pressing 1 is required')).toBeVisible();
    await texts.getByRole('textbox', { name: 'After pressing 1' }).fill('Thank you. Connecting you now.');
    await page.getByRole('button', { name: 'Save voice settings' }).click();
    await expect(page.getByText('Voice settings saved')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, testInfo, 'voice-settings');

    expect(await db.voiceProfile.findUniqueOrThrow({ where: { companyId: admin.companyId } })).toMatchObject({
      voiceId: 'Polly.Matthew-Neural',
      messageIntroduction: 'Fjord Ferries control room calling you.',
      messageKey1: 'Thank you. Connecting you now.',
    });
    await page.reload();
    await expect(voicePicker).toHaveValue('Polly.Matthew-Neural');
    await expect(intro).toHaveValue('Fjord Ferries control room calling you.');
    await expect(texts.getByRole('textbox', { name: 'Conference call' })).toHaveValue(
      'Pressing 1 also joins the crisis team call.',
    );

    // Another language: its voices, and the default voice of that language.
    await voice.getByRole('combobox', { name: 'Language' }).selectOption('sv-se');
    await expect(voicePicker).toHaveValue('Polly.Astrid');
    await expect(voicePicker.locator('option')).toContainText(['Astrid · female · Amazon Polly']);
  });

  test('without the Enterprise plan the page says so and cannot save', async ({ page }, testInfo) => {
    const admin = await createConfirmedUser();
    await openAs(page, admin, '/company/voice');
    await expect(page.getByRole('note')).toContainText('Voice calls are part of the Enterprise plan');
    await expect(page.getByRole('link', { name: 'ask for the Enterprise plan' })).toHaveAttribute(
      'href',
      '/company/settings#seats-heading',
    );
    await expect(page.getByRole('button', { name: 'Save voice settings' })).toBeDisabled();
    await screenshot(page, testInfo, 'voice-settings-plan');
  });
});
