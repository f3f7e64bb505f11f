import { expect, test } from '@playwright/test';
import { hashToken } from '@/lib/auth/session-token';
import { issueMembershipInvitation } from '@/lib/members/issue-membership-invitation';
import { createCompany } from '../helpers/fixtures';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

// Issue 32: a company's directory provisioned the e-mail of a person who already has an account (in another company).
// The person gets an invitation; its link opens /joinCompany, which shows who asks and joins on one press only.

async function invitation() {
  const db = e2eDb();
  const person = await createConfirmedUser();
  const company = await createCompany(db, { name: `Harbour Watch ${Date.now() % 100_000}` });
  const now = new Date();
  await db.membership.create({
    data: {
      companyId: company.id,
      userId: person.userId,
      managed: true,
      directoryName: 'Kari From Entra',
      directoryEmail: person.email,
      invitedAt: now,
      deletedAt: now,
    },
  });
  // The link's token as inviteToCompany issues it; the e-mail around it is API-tested (the runner composes none).
  const token = await issueMembershipInvitation(db, {
    companyId: company.id,
    userId: person.userId,
    email: person.email,
    now,
  });
  return { person, company, token };
}

test.describe('a company’s invitation (/joinCompany)', () => {
  test.describe.configure({ timeout: 90_000 }); // a busy, shared machine
  test('shows who asks, changes nothing until the press, then the person is a member', async ({ page }, testInfo) => {
    const { person, company, token } = await invitation();
    await page.goto(`/joinCompany?token=${encodeURIComponent(token)}`);
    await expect(page).toHaveTitle('Join a company - Tocsin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Join ${company.name}`);
    await expect(page.getByRole('main')).toContainText(`${company.name} invites ${person.email}`);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    await screenshot(page, testInfo, 'join-company');
    const membership = () =>
      e2eDb().membership.findUniqueOrThrow({
        where: { companyId_userId: { companyId: company.id, userId: person.userId } },
      });
    expect((await membership()).invitedAt).not.toBeNull();

    await page.getByRole('button', { name: 'Accept and join' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`You have joined ${company.name}`);
    expect(await membership()).toMatchObject({ invitedAt: null, deletedAt: null });
    await screenshot(page, testInfo, 'join-company-done');

    // Logged in, the person can switch to the new company; their own name is unchanged.
    await openAs(page, person, '/profile');
    await expect(page.getByRole('main')).toContainText(person.name, { timeout: 15_000 });
  });

  test('an expired or used link says so, without an error dialog', async ({ page }) => {
    const { token } = await invitation();
    await e2eDb().authToken.update({ where: { tokenHash: hashToken(token) }, data: { usedAt: new Date() } });
    await page.goto(`/joinCompany?token=${encodeURIComponent(token)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This invitation cannot be used');
    await expect(page.getByRole('link', { name: /log in/i })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
