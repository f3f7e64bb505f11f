import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { newToken } from '@/lib/auth/session-token';
import { newIotCode } from '@/lib/iot/iot-code';
import { insertAlert } from './alert-fixtures';
import { createCompany, createMember } from './fixtures';

/**
 * A company with rows of every kind an API id can name (members, a removed member, a team, a location, devices with
 * positions, an active alert with recipients, receipts, a comment and attachments, a closed alert, a draft, a scenario
 * in a folder, an ongoing mission, SOS contacts, a Flic button, a positioning, outbox and audit rows, settings), every
 * text of it carrying `marker` so a test can tell whether any of it shows up in an answer.
 */
export async function createPopulatedCompany(db: PrismaClient, marker: string) {
  const company = await createCompany(db, {
    name: `${marker} Company`,
    plan: 'enterprise',
    features: ['mission', 'scenario', 'flicHub'],
  });
  const admin = await createMember(db, company.id, 'admin', `${marker} Admin`);
  const member = await createMember(db, company.id, 'user', `${marker} Member`);
  const removed = await createMember(db, company.id, 'user', `${marker} Removed`);
  await db.membership.update({
    where: { companyId_userId: { companyId: company.id, userId: removed.user.id } },
    data: { deletedAt: new Date() },
  });

  const team = await db.team.create({
    data: {
      companyId: company.id,
      name: `${marker} Team`,
      members: { create: [{ userId: admin.user.id }, { userId: member.user.id }] },
    },
  });
  const location = await db.location.create({
    data: {
      companyId: company.id,
      name: `${marker} Office`,
      geofence: { type: 'circle', center: { lat: 59.91, lng: 10.75 }, radius: 500 },
      minLat: 59.9,
      minLng: 10.74,
      maxLat: 59.92,
      maxLng: 10.76,
    },
  });
  const devices = await Promise.all(
    [admin, member].map((person) =>
      db.device.create({
        data: {
          userId: person.user.id,
          name: `${marker} Phone`,
          platform: 'android',
          pushToken: `${marker}-token-${person.user.id}`,
          positions: { create: { userId: person.user.id, lat: 59.91, lng: 10.75, accuracy: 10 } },
        },
      }),
    ),
  );

  const alert = await insertAlert(db, {
    companyId: company.id,
    authorId: admin.user.id,
    title: `${marker} Fire`,
    message: `${marker} Leave the building`,
    target: { teams: [team.id] },
    recipients: [
      { userId: admin.user.id, receipts: [{ channel: 'push', state: 'delivered' }] },
      { userId: member.user.id, receipts: [{ channel: 'sms', state: 'sent' }] },
    ],
  });
  const comment = await db.alertComment.create({
    data: { alertId: alert.id, companyId: company.id, authorId: member.user.id, message: `${marker} All safe here` },
  });
  const attachmentKey = (name: string) => `companies/${company.id}/alerts/${alert.id}/${randomUUID()}/${name}`;
  await db.attachment.createMany({
    data: [
      {
        companyId: company.id,
        alertId: alert.id,
        uploadedById: admin.user.id,
        name: `${marker}-plan.pdf`,
        storageKey: attachmentKey('plan.pdf'),
        contentType: 'application/pdf',
        size: 1000,
      },
      {
        companyId: company.id,
        commentId: comment.id,
        uploadedById: member.user.id,
        name: `${marker}-photo.jpg`,
        storageKey: attachmentKey('photo.jpg'),
        contentType: 'image/jpeg',
        size: 2000,
      },
    ],
  });
  const closed = await insertAlert(db, {
    companyId: company.id,
    authorId: admin.user.id,
    status: 'completed',
    title: `${marker} Drill over`,
    message: `${marker} The drill is over`,
    recipients: [{ userId: member.user.id, receipts: [{ channel: 'push', state: 'seen' }] }],
  });
  const draft = await insertAlert(db, {
    companyId: company.id,
    authorId: admin.user.id,
    status: 'draft',
    title: `${marker} Draft`,
    message: `${marker} Not sent yet`,
  });

  const folder = await db.scenarioFolder.create({ data: { companyId: company.id, name: `${marker} Folder` } });
  const scenario = await db.scenario.create({
    data: {
      companyId: company.id,
      folderId: folder.id,
      name: `${marker} Evacuation`,
      alertType: 'alarm',
      title: `${marker} Evacuate`,
      body: `${marker} Leave by the stairs`,
      channels: ['push'],
      target: { teams: [team.id] },
    },
  });
  const mission = await db.mission.create({
    data: {
      companyId: company.id,
      userId: member.user.id,
      deviceId: devices[1].id,
      description: `${marker} Night round`,
      endTime: new Date(Date.now() + 3_600_000),
    },
  });
  await db.missionSubscriber.create({ data: { companyId: company.id, userId: admin.user.id } });
  await db.sosContact.createMany({
    data: [
      { companyId: company.id, userId: member.user.id, contactUserId: admin.user.id },
      { companyId: company.id, userId: member.user.id, name: `${marker} Mother`, phone: '+4791234567', sortIndex: 1 },
    ],
  });
  const { code: flicCode, codeHash, codePrefix } = newIotCode();
  const iotDevice = await db.iotDevice.create({
    data: {
      companyId: company.id,
      codeHash,
      codePrefix,
      name: `${marker} Button`,
      clickScenarioId: scenario.id,
    },
  });
  const directoryKey = await db.directoryKey.create({
    data: {
      companyId: company.id,
      keyHash: newToken().tokenHash,
      keyPrefix: marker.slice(0, 8),
      createdById: admin.user.id,
    },
  });
  // A line of the provisioning log (GET /api/azureAd/log), so that R4 sees another company's log stay unseen and unchanged.
  await db.directoryRequest.create({
    data: {
      companyId: company.id,
      keyId: directoryKey.id,
      keyPrefix: directoryKey.keyPrefix,
      method: 'GET',
      operation: 'list',
      resourceType: 'User',
      status: 200,
    },
  });
  // Still awaiting the admin's device (so it can answer), the member's device has answered.
  const positioning = await db.positioning.create({
    data: {
      companyId: company.id,
      authorId: admin.user.id,
      reason: `${marker} Where is everyone`,
      target: { company: true },
      answerBy: new Date(Date.now() + 60 * 60_000),
      results: {
        create: [
          { userId: admin.user.id, deviceId: devices[0].id, state: 'pending' },
          { userId: member.user.id, deviceId: devices[1].id, state: 'found', lat: 59.9, lng: 10.7 },
        ],
      },
    },
  });
  await db.outboundMessage.create({
    data: {
      companyId: company.id,
      channel: 'sms',
      recipient: member.user.phone ?? '',
      body: `${marker} Fire`,
      alertId: alert.id,
    },
  });
  await db.auditLog.create({
    data: {
      companyId: company.id,
      actorId: admin.user.id,
      action: `${marker}.test`,
      entityType: 'alert',
      entityId: alert.id,
    },
  });
  await db.companySetting.create({ data: { companyId: company.id, name: 'matrix', value: { marker } } });

  return {
    company,
    admin,
    member,
    removed,
    team,
    location,
    adminDevice: devices[0],
    memberDevice: devices[1],
    alert,
    comment,
    closed,
    draft,
    folder,
    scenario,
    mission,
    positioning,
    iotDevice: { ...iotDevice, code: flicCode },
    directoryKey,
  };
}

export type PopulatedCompany = Awaited<ReturnType<typeof createPopulatedCompany>>;
