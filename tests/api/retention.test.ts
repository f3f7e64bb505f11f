import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { Readable } from 'node:stream';
import { closeStaleAlerts } from '@/lib/retention/close-stale-alerts';
import { deleteClosedAlerts } from '@/lib/retention/delete-closed-alerts';
import { deleteClosedPositionings } from '@/lib/retention/delete-closed-positionings';
import { deleteOldIotPresses } from '@/lib/retention/delete-old-iot-presses';
import { newIotCode } from '@/lib/iot/iot-code';
import { purgeDeletedCompanies } from '@/lib/retention/purge-deleted-companies';
import { purgeEndedSessions } from '@/lib/retention/purge-ended-sessions';
import { purgeRemovedMembers } from '@/lib/retention/purge-removed-members';
import { purgeSmsKeywordMessages } from '@/lib/retention/purge-sms-keyword-messages';
import { purgeSpentAuthTokens } from '@/lib/retention/purge-spent-auth-tokens';
import { purgeUnconfirmedSignUps } from '@/lib/retention/purge-unconfirmed-sign-ups';
import { createCompany, createMember } from '../helpers/fixtures';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// The timed clean-ups of spec §4/§9, each run against rows just inside and just past its window.
const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-21T12:00:00Z');
const ago = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY - extraMs);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

async function alert(companyId: string, data: { status: 'active' | 'completed'; sentAt: Date; closedAt?: Date }) {
  return database.db.alert.create({
    data: {
      companyId,
      type: 'alert',
      title: 'Test',
      message: 'Test alert',
      channels: ['push'],
      target: { company: true },
      ...data,
    },
  });
}

/** The storage driver the code under test uses: the local one, in a temporary folder (tests/helpers/api-setup.ts). */
async function localFiles() {
  const { storage } = await import('@/lib/providers/storage/storage');
  const { LocalStorage } = await import('@/lib/providers/storage/local-storage');
  const files = storage();
  if (!(files instanceof LocalStorage)) throw new Error('the retention test expects the local storage driver');
  return files;
}

describe('retention jobs', () => {
  it('close active alerts sent more than 7 days ago and leave newer ones', async () => {
    const company = await createCompany(database.db);
    const old = await alert(company.id, { status: 'active', sentAt: ago(7, 1000) });
    const recent = await alert(company.id, { status: 'active', sentAt: ago(6) });
    expect(await closeStaleAlerts(database.db, now)).toBe(1);
    expect(await database.db.alert.findUniqueOrThrow({ where: { id: old.id } })).toMatchObject({
      status: 'completed',
      closedAt: now,
    });
    expect((await database.db.alert.findUniqueOrThrow({ where: { id: recent.id } })).status).toBe('active');
  });

  it('delete alerts closed more than 30 days ago, with their recipients and receipts', async () => {
    const company = await createCompany(database.db);
    const member = await createMember(database.db, company.id);
    const old = await alert(company.id, { status: 'completed', sentAt: ago(40), closedAt: ago(30, 1000) });
    const recipient = await database.db.alertRecipient.create({
      data: { alertId: old.id, companyId: company.id, userId: member.user.id, createdAt: old.sentAt! },
    });
    await database.db.receipt.create({
      data: {
        alertId: old.id,
        companyId: company.id,
        recipientId: recipient.id,
        userId: member.user.id,
        channel: 'sms',
      },
    });
    const kept = await alert(company.id, { status: 'completed', sentAt: ago(40), closedAt: ago(29) });
    expect(await deleteClosedAlerts(database.db, now)).toBe(1);
    expect(await database.db.alert.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await database.db.receipt.count({ where: { alertId: old.id } })).toBe(0);
    expect(await database.db.alert.findUnique({ where: { id: kept.id } })).not.toBeNull();
  });

  it('delete positionings closed more than 30 days ago, with their results, and keep newer and open ones', async () => {
    const company = await createCompany(database.db);
    const { user } = await createMember(database.db, company.id);
    const positioning = (closedAt: Date | null) =>
      database.db.positioning.create({
        data: {
          companyId: company.id,
          reason: 'Roll call',
          target: { company: true },
          createdAt: ago(40),
          answerBy: closedAt ?? now,
          closedAt,
          results: { create: { userId: user.id, state: 'notReached' } },
        },
      });
    const old = await positioning(ago(30, 1000));
    const recent = await positioning(ago(29));
    const open = await positioning(null);
    expect(await deleteClosedPositionings(database.db, now)).toBe(1);
    const left = await database.db.positioning.findMany({ where: { companyId: company.id }, select: { id: true } });
    expect(left.map((row) => row.id).sort()).toEqual([recent.id, open.id].sort());
    expect(await database.db.positioningResult.count({ where: { positioningId: old.id } })).toBe(0);
  });

  it('delete Flic button presses made more than 30 days ago and keep newer ones', async () => {
    const company = await createCompany(database.db);
    const { codeHash, codePrefix } = newIotCode();
    const button = await database.db.iotDevice.create({
      data: { companyId: company.id, name: 'Door', codeHash, codePrefix },
    });
    const press = (createdAt: Date) =>
      database.db.iotPress.create({
        data: { companyId: company.id, iotDeviceId: button.id, action: 'click', result: 'noScenario', createdAt },
      });
    await press(ago(30, 1000));
    const recent = await press(ago(29));
    expect(await deleteOldIotPresses(database.db, now)).toBe(1);
    const left = await database.db.iotPress.findMany({ where: { iotDeviceId: button.id }, select: { id: true } });
    expect(left).toEqual([{ id: recent.id }]);
  });

  it('remove the files of the deleted alerts and of their comments, and keep other files', async () => {
    const files = await localFiles();
    const company = await createCompany(database.db);
    const old = await alert(company.id, { status: 'completed', sentAt: ago(40), closedAt: ago(31) });
    const kept = await alert(company.id, { status: 'completed', sentAt: ago(40), closedAt: ago(29) });
    const comment = await database.db.alertComment.create({
      data: { alertId: old.id, companyId: company.id, message: 'All clear' },
    });
    const keys = [
      `retention-test/${old.id}/plan.pdf`,
      `retention-test/${old.id}/photo.png`,
      `retention-test/${kept.id}/plan.pdf`,
    ];
    for (const key of keys) await files.write(key, 'application/pdf', Readable.from([Buffer.from('%PDF-1.7')]));
    await database.db.attachment.createMany({
      data: [
        {
          companyId: company.id,
          alertId: old.id,
          name: 'plan.pdf',
          storageKey: keys[0],
          contentType: 'application/pdf',
          size: 8,
        },
        {
          companyId: company.id,
          commentId: comment.id,
          name: 'photo.png',
          storageKey: keys[1],
          contentType: 'image/png',
          size: 8,
        },
        {
          companyId: company.id,
          alertId: kept.id,
          name: 'plan.pdf',
          storageKey: keys[2],
          contentType: 'application/pdf',
          size: 8,
        },
      ],
    });
    expect(await deleteClosedAlerts(database.db, now)).toBe(1);
    expect(await files.stat(keys[0])).toBeNull();
    expect(await files.stat(keys[1])).toBeNull();
    expect(await files.stat(keys[2])).not.toBeNull();
  });

  it('purge companies deleted more than 30 days ago and keep those inside the window', async () => {
    const gone = await createCompany(database.db);
    const restorable = await createCompany(database.db);
    await database.db.company.update({ where: { id: gone.id }, data: { deletedAt: ago(30, 1000) } });
    await database.db.company.update({ where: { id: restorable.id }, data: { deletedAt: ago(29) } });
    expect(await purgeDeletedCompanies(database.db, now)).toBe(1);
    expect(await database.db.company.findUnique({ where: { id: gone.id } })).toBeNull();
    expect(await database.db.company.findUnique({ where: { id: restorable.id } })).not.toBeNull();
  });

  it('purge with a company the accounts its directory made, and keep its people’s own accounts', async () => {
    const gone = await createCompany(database.db);
    const made = await database.db.user.create({
      data: { email: `made-${gone.id}@example.test`, name: 'Made By Directory', directoryCompanyId: gone.id },
    });
    const own = await database.db.user.create({ data: { email: `own-${gone.id}@example.test`, name: 'Own Account' } });
    await database.db.membership.createMany({
      data: [
        { companyId: gone.id, userId: made.id, managed: true },
        { companyId: gone.id, userId: own.id, managed: true },
      ],
    });
    await database.db.company.update({ where: { id: gone.id }, data: { deletedAt: ago(31) } });
    expect(await purgeDeletedCompanies(database.db, now)).toBe(1);
    expect(await database.db.user.findUnique({ where: { id: made.id } })).toBeNull();
    expect(await database.db.user.findUnique({ where: { id: own.id } })).not.toBeNull();
  });

  it('remove the stored files of purged companies (alerts, comments, scenarios) and keep the files of other companies', async () => {
    const files = await localFiles();
    const gone = await createCompany(database.db);
    const restorable = await createCompany(database.db);
    const active = await createCompany(database.db);
    await database.db.company.update({ where: { id: gone.id }, data: { deletedAt: ago(30, 1000) } });
    await database.db.company.update({ where: { id: restorable.id }, data: { deletedAt: ago(29) } });
    const goneAlert = await alert(gone.id, { status: 'active', sentAt: ago(40) });
    const comment = await database.db.alertComment.create({
      data: { alertId: goneAlert.id, companyId: gone.id, message: 'Water rising' },
    });
    const scenario = await database.db.scenario.create({
      data: {
        companyId: gone.id,
        name: 'Flood',
        alertType: 'alarm',
        title: 'Flood',
        body: 'Leave the basement',
        channels: ['push'],
        target: { company: true },
      },
    });
    const keptAlerts = [
      await alert(restorable.id, { status: 'active', sentAt: ago(40) }),
      await alert(active.id, { status: 'active', sentAt: ago(1) }),
    ];
    const stored = async (
      companyId: string,
      owner: { alertId?: string; commentId?: string; scenarioId?: string },
      name: string,
    ) => {
      const key = `purge-test/${companyId}/${name}`;
      await files.write(key, 'application/pdf', Readable.from([Buffer.from('%PDF-1.7')]));
      await database.db.attachment.create({
        data: { companyId, ...owner, name, storageKey: key, contentType: 'application/pdf', size: 8 },
      });
      return key;
    };
    const purgedKeys = [
      await stored(gone.id, { alertId: goneAlert.id }, 'alert.pdf'),
      await stored(gone.id, { commentId: comment.id }, 'comment.pdf'),
      await stored(gone.id, { scenarioId: scenario.id }, 'scenario.pdf'),
    ];
    const keptKeys = [
      await stored(restorable.id, { alertId: keptAlerts[0].id }, 'alert.pdf'),
      await stored(active.id, { alertId: keptAlerts[1].id }, 'alert.pdf'),
    ];

    expect(await purgeDeletedCompanies(database.db, now)).toBe(1);
    for (const key of purgedKeys) expect(await files.stat(key)).toBeNull();
    for (const key of keptKeys) expect(await files.stat(key)).not.toBeNull();
    expect(await database.db.attachment.count({ where: { storageKey: { in: purgedKeys } } })).toBe(0);
    expect(await database.db.attachment.count({ where: { storageKey: { in: keptKeys } } })).toBe(2);
  });

  it('purge memberships removed more than 90 days ago, with team memberships there, and keep the account', async () => {
    const company = await createCompany(database.db);
    const team = await database.db.team.create({ data: { companyId: company.id, name: 'Night shift' } });
    const removed = await createMember(database.db, company.id);
    const restorable = await createMember(database.db, company.id);
    await database.db.teamMember.createMany({
      data: [
        { teamId: team.id, userId: removed.user.id },
        { teamId: team.id, userId: restorable.user.id },
      ],
    });
    await database.db.membership.updateMany({ where: { userId: removed.user.id }, data: { deletedAt: ago(90, 1000) } });
    await database.db.membership.updateMany({ where: { userId: restorable.user.id }, data: { deletedAt: ago(89) } });
    expect(await purgeRemovedMembers(database.db, now)).toBe(1);
    expect(await database.db.membership.count({ where: { userId: removed.user.id } })).toBe(0);
    expect(await database.db.teamMember.count({ where: { userId: removed.user.id } })).toBe(0);
    expect(await database.db.user.findUnique({ where: { id: removed.user.id } })).not.toBeNull();
    expect(await database.db.membership.count({ where: { userId: restorable.user.id } })).toBe(1);
    expect(await database.db.teamMember.count({ where: { userId: restorable.user.id } })).toBe(1);
  });

  it('remove sessions that ended more than a day ago', async () => {
    const company = await createCompany(database.db);
    const ended = await createMember(database.db, company.id);
    const live = await createMember(database.db, company.id);
    await database.db.session.update({
      where: { id: ended.sessionId },
      data: { absoluteExpiresAt: ago(1, 1000), idleExpiresAt: ago(1, 1000) },
    });
    await database.db.session.update({
      where: { id: live.sessionId },
      data: { absoluteExpiresAt: new Date(now.getTime() + DAY), idleExpiresAt: new Date(now.getTime() + DAY) },
    });
    expect(await purgeEndedSessions(database.db, now)).toBe(1);
    expect(await database.db.session.findUnique({ where: { id: live.sessionId } })).not.toBeNull();
  });

  it('remove sign-ups whose confirmation link expired unused, freeing the e-mail, and nobody else', async () => {
    const signUp = async (createdAt: Date) => {
      const company = await database.db.company.create({ data: { name: 'Waiting AS', activatedAt: null } });
      const user = await database.db.user.create({
        data: {
          email: `waiting-${createdAt.getTime()}-${Math.random()}@example.test`,
          name: 'Waiting Person',
          createdAt,
        },
      });
      await database.db.membership.create({ data: { userId: user.id, companyId: company.id, role: 'owner' } });
      return { company, user };
    };
    const expired = await signUp(ago(2, 1000));
    const fresh = await signUp(ago(1));
    const active = await createCompany(database.db);
    const invited = await database.db.user.create({
      data: { email: `invited-${Math.random()}@example.test`, name: 'Invited Person', createdAt: ago(10) },
    });
    await database.db.membership.create({ data: { userId: invited.id, companyId: active.id, role: 'user' } });

    expect(await purgeUnconfirmedSignUps(database.db, now)).toBe(1);
    expect(await database.db.user.findUnique({ where: { id: expired.user.id } })).toBeNull();
    expect(await database.db.company.findUnique({ where: { id: expired.company.id } })).toBeNull();
    expect(await database.db.user.findUnique({ where: { id: fresh.user.id } })).not.toBeNull();
    expect(await database.db.user.findUnique({ where: { id: invited.id } })).not.toBeNull();
  });

  it('remove one-time tokens used or expired more than a day ago', async () => {
    const company = await createCompany(database.db);
    const { user } = await createMember(database.db, company.id);
    const token = (tokenHash: string, expiresAt: Date, usedAt: Date | null = null) =>
      database.db.authToken.create({ data: { userId: user.id, kind: 'passwordReset', tokenHash, expiresAt, usedAt } });
    await token(`expired-${user.id}`, ago(1, 1000));
    await token(`used-${user.id}`, new Date(now.getTime() + DAY), ago(1, 1000));
    const live = await token(`live-${user.id}`, new Date(now.getTime() + DAY));
    expect(await purgeSpentAuthTokens(database.db, now)).toBe(2);
    expect((await database.db.authToken.findMany({ where: { userId: user.id } })).map((t) => t.id)).toEqual([live.id]);
  });

  it('remove the record of keyword SMS a week after they came (Twilio retries within hours)', async () => {
    const keyword = (messageSid: string, receivedAt: Date) =>
      database.db.smsKeywordMessage.create({ data: { messageSid, phone: '+4790000001', keyword: 'STOP', receivedAt } });
    await keyword(`SMold${now.getTime()}`, ago(7, 1000));
    await keyword(`SMnew${now.getTime()}`, ago(6, 0));
    expect(await purgeSmsKeywordMessages(database.db, now)).toBe(1);
    expect((await database.db.smsKeywordMessage.findMany()).map((row) => row.messageSid)).toContain(
      `SMnew${now.getTime()}`,
    );
  });
});
