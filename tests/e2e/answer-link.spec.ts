import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { apiAs } from './support/alert-api';
import { seriousViolations } from './support/axe';
import { e2eDb } from './support/e2e-db';

// The tap-to-answer page of an alert SMS (issue 36): opened from the link, it shows the alert and its options; a tap
// answers. The token is written straight onto the person's row (the SMS that would carry it goes to the outbox here).
test.describe('the tap-to-answer link', () => {
  test('shows the alert and its options; a tap answers and says so; the answer may change until the alert closes', async ({
    page,
    request,
  }, testInfo) => {
    const person = await createConfirmedUser();
    const api = await apiAs(request, person);
    const { alertId } = await api.post<{ alertId: string }>('/api/alerts/alert', {
      title: 'Gas leak in building B',
      message: 'Leave building B by the north exit and gather at the car park. Do not use the lifts.',
      channels: ['sms'],
      target: { users: [person.userId] },
      responseOptions: [{ kind: 'safe' }, { kind: 'needsHelp' }, { kind: 'other', label: 'Not on site today' }],
    });
    const token = randomBytes(16).toString('base64url');
    const db = e2eDb();
    const where = { alertId_userId: { alertId, userId: person.userId } };
    await db.alertRecipient.update({ where, data: { answerToken: new Uint8Array(Buffer.from(token, 'base64url')) } });

    await page.goto(`/a/${token}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gas leak in building B');
    await expect(page).toHaveTitle('Your answer - Tocsin');
    const options = page.getByRole('group', { name: 'Tap your answer' }).getByRole('button');
    await expect(options).toHaveText(["1I'm safe", '2I need help', '3Not on site today']);
    expect(await seriousViolations(page)).toEqual([]);
    // Opening the page answers nothing.
    expect(await db.alertAnswer.count({ where: { alertId } })).toBe(0);
    await screenshot(page, testInfo, 'answer-link');

    const answered = page.getByRole('main').getByRole('status');
    await page.getByRole('button', { name: 'I need help' }).click();
    await expect(answered).toContainText('Your answer “I need help” is registered.');
    await expect(answered).toContainText('You can change it until the alert is closed.');
    await expect(page.getByRole('button', { name: 'I need help' })).toHaveAttribute('aria-pressed', 'true');
    expect(await db.alertRecipient.findUniqueOrThrow({ where })).toMatchObject({
      answerOption: 2,
      answerKind: 'needsHelp',
      answerChannel: 'link',
    });
    await screenshot(page, testInfo, 'answer-link-answered');

    await page.getByRole('button', { name: "I'm safe" }).click();
    await expect(answered).toContainText("Your answer “I'm safe” is registered.");
    await expect(page.getByRole('button', { name: 'I need help' })).toHaveAttribute('aria-pressed', 'false');
    expect(await db.alertAnswer.count({ where: { alertId, channel: 'link' } })).toBe(2);

    // Once the alert is closed, the page says so, with the last answer, and offers nothing to tap.
    await api.post(`/api/alerts/${alertId}/close`, {});
    await page.reload();
    await expect(answered).toContainText('This alert is closed and takes no more answers.');
    await expect(answered).toContainText("Your last answer: I'm safe");
    await expect(page.getByRole('button')).toHaveCount(0);
    await screenshot(page, testInfo, 'answer-link-closed');
  });
});
