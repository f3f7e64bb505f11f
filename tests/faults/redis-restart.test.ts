import { describe, it, expect } from '@jest/globals';
import { fallbackJobId, missionAlarmJobId, QUEUES } from '@/lib/queue';
import { call } from '../helpers/api-client';
import { settledReceipts, waitFor } from '../helpers/alert-delivery';
import { printFigures } from '../helpers/figures';
import { createMember } from '../helpers/fixtures';
import { useOwnRedisStack } from '../helpers/own-redis-stack';
import { insertPhoneMembers } from '../helpers/phone-members';

// R2 (docs/reliability.md): Redis crashes (SIGKILL) and comes back, with AOF on as production runs it
// (scripts/lib/redis-server.ts `persistent`), while fallback SMS jobs (`fallback-<alertId>`) and mission alarm jobs
// (`mission-alarm-<missionId>-<endTime>`) wait in it as delayed jobs. Every one must still fire, within ±10 s of its
// due time.
// A Redis of this test's own, with a real server and worker on it. The worker serves only the delivery and mission
// queues: the minute sweeps (sweep-expired-missions, resume-deliveries) would cover for a lost job, and must not here.
// Short due times: the fallback delay is the FALLBACK_SMS_DELAY_SECONDS setting; a mission's alarm is due at the end time
// the app gives when starting it. Afterwards the alarms those jobs raised are delivered, and a send through the server
// (whose Redis connection lived through the crash) goes out too.
const FALLBACK_DELAY_SECONDS = 25;
const ALERTS = 4;
const MISSIONS = 4;
const MEMBERS_PER_ALERT = 10;
/** Redis stays down this long. */
const DOWN_MS = 3_000;
const ON_TIME_MS = 10_000;
/** The numbers of the members insertPhoneMembers makes (+4791000001, ...). */
const MEMBER_PHONES = '+4791';

const stack = useOwnRedisStack('r2', [QUEUES.delivery, QUEUES.missions], {
  FALLBACK_SMS_DELAY_SECONDS: String(FALLBACK_DELAY_SECONDS),
});

/** A paying company whose people have a phone and the app (push only alerts get the fallback SMS). */
async function seedCompany() {
  const { database } = stack;
  const company = await database.db.company.create({
    data: {
      name: 'Redis Test Company',
      plan: 'professional',
      features: ['mission'],
      includedSeats: 100,
      activatedAt: new Date(),
    },
  });
  const admin = await createMember(database.db, company.id, 'admin', 'Ada Admin');
  // With the app, so the push reaches everyone: nobody gets the early fallback SMS that a failed push brings at once.
  await database.db.device.create({
    data: { userId: admin.user.id, name: 'Phone', platform: 'android', pushToken: `token-${admin.user.id}` },
  });
  await insertPhoneMembers(database.db, company.id, MEMBERS_PER_ALERT);
  return { company, admin };
}

describe('R2: Redis restarted while fallback SMS and mission alarm jobs are pending', () => {
  it('fires every delayed job, on time', async () => {
    const { database, providers, server } = stack;
    const { company, admin } = await seedCompany();
    const api = (method: string, url: string, token: string, body: object) =>
      call(server.url, method, url, { token, customerId: company.id, body });

    // Push-only alerts: their fallback SMS job is due FALLBACK_DELAY_SECONDS after sending.
    const alerts: { id: string; due: number }[] = [];
    for (let index = 0; index < ALERTS; index++) {
      const sent = await api('POST', '/api/alerts/alert', admin.token, {
        severity: 'urgentAlert',
        title: `Gas leak ${index}`,
        message: 'Leave the building',
        channels: ['push'],
        target: { company: true },
      });
      expect(sent.status).toBe(201);
      const alert = await database.db.alert.findUniqueOrThrow({ where: { id: sent.body.alertId } });
      alerts.push({ id: alert.id, due: (alert.sentAt as Date).getTime() + FALLBACK_DELAY_SECONDS * 1000 });
    }
    // Missions started from the app, ending 20 to 35 s from now: their alarm job is due at the end time.
    const missions: { id: string; due: number }[] = [];
    for (let index = 0; index < MISSIONS; index++) {
      const person = await createMember(database.db, company.id, 'user', `Lone Worker ${index}`);
      const endTime = new Date(Date.now() + 20_000 + index * 5_000);
      const started = await api('POST', '/api/missions', person.token, { endTime: endTime.toISOString() });
      expect(started.status).toBe(201);
      missions.push({ id: started.body.id, due: endTime.getTime() });
    }

    const expectedJobs = [
      ...alerts.map((a) => fallbackJobId(a.id)),
      ...missions.map((m) => missionAlarmJobId(m.id, new Date(m.due).toISOString())),
    ];
    const pending = await waitFor('every fallback and mission alarm job to be delayed', async () => {
      const ids = await stack.delayedJobIds();
      return expectedJobs.every((id) => ids.includes(id)) && ids;
    });

    // Crash Redis and start it again on the same port and folder.
    const crashedAt = await stack.crashRedis(DOWN_MS);
    const firstDue = Math.min(...[...alerts, ...missions].map((job) => job.due));
    console.log(
      `R2: Redis down ${Date.now() - crashedAt} ms, back ${((firstDue - Date.now()) / 1000).toFixed(1)} s before the first job is due`,
    );

    // Fired: a fallback SMS job writes fallback receipts (one per person the app did not confirm for); a mission alarm job
    // expires the mission and writes its alarm alert.
    const lastDue = Math.max(...[...alerts, ...missions].map((job) => job.due));
    await waitFor(
      'every delayed job to fire',
      async () => {
        const [fallbacks, expired] = await Promise.all([
          database.db.receipt.groupBy({
            by: ['alertId'],
            where: { alertId: { in: alerts.map((a) => a.id) }, fallback: true, state: 'sent' },
            _count: true,
          }),
          database.db.mission.count({ where: { id: { in: missions.map((m) => m.id) }, status: 'expired' } }),
        ]);
        return (
          fallbacks.filter((group) => group._count === MEMBERS_PER_ALERT + 1).length === ALERTS && expired === MISSIONS
        );
      },
      lastDue - Date.now() + 30_000,
    );

    const firstFallback = await database.db.receipt.groupBy({
      by: ['alertId'],
      where: { alertId: { in: alerts.map((a) => a.id) }, fallback: true },
      _min: { createdAt: true },
    });
    const firedAt = new Map(firstFallback.map((group) => [group.alertId, (group._min.createdAt as Date).getTime()]));
    const expiredMissions = await database.db.mission.findMany({
      where: { id: { in: missions.map((m) => m.id) } },
      select: { id: true, expiredAt: true, alarms: { select: { id: true } } },
    });
    for (const mission of expiredMissions) firedAt.set(mission.id, (mission.expiredAt as Date).getTime());
    const lateness = [...alerts, ...missions].map((job) => (firedAt.get(job.id) as number) - job.due);
    const onTime = lateness.filter((ms) => Math.abs(ms) <= ON_TIME_MS).length;
    // The alarms the jobs raised after the restart are delivered, and the server, on the same Redis, still sends.
    const alarmIds = expiredMissions.flatMap((mission) => mission.alarms.map((alarm) => alarm.id));
    const alarmReceipts = (await Promise.all(alarmIds.map((id) => settledReceipts(database.db, id)))).flat();
    const after = await api('POST', '/api/alerts/alert', admin.token, {
      severity: 'urgentAlert',
      title: 'All clear',
      message: 'Back to work',
      channels: ['sms'],
      target: { company: true },
    });
    const afterReceipts = after.status === 201 ? await settledReceipts(database.db, after.body.alertId) : [];
    const undelivered = [...alarmReceipts, ...afterReceipts].filter((receipt) => receipt.state !== 'sent');
    // The members' SMS (the admin also gets the mission alarms').
    const smsPerMember = new Map<string, number>();
    for (const message of providers.twilio.messages.filter((sms) => sms.to.startsWith(MEMBER_PHONES)))
      smsPerMember.set(message.to, (smsPerMember.get(message.to) ?? 0) + 1);

    printFigures('R2', 'Redis restarted with delayed jobs pending', {
      tried: expectedJobs.length,
      held: onTime,
      failed: expectedJobs.length - onTime,
      pending: pending.length,
      fired: firedAt.size,
      onTime,
      maxLatenessMs: Math.max(...lateness),
      minLatenessMs: Math.min(...lateness),
      downMs: DOWN_MS,
      alarmReceipts: alarmReceipts.length,
      sendAfterStatus: after.status,
      undelivered: undelivered.length,
    });

    expect(lateness.map((ms) => Math.abs(ms) <= ON_TIME_MS)).toEqual(expectedJobs.map(() => true));
    expect(expiredMissions.map((mission) => mission.alarms.length)).toEqual(missions.map(() => 1));
    expect(after.status).toBe(201);
    expect(alarmReceipts.length).toBeGreaterThan(0);
    // Everyone: the admin, the members and the lone workers who started the missions.
    expect(afterReceipts).toHaveLength(MEMBERS_PER_ALERT + 1 + MISSIONS);
    expect(undelivered).toEqual([]);
    // Each member got one fallback SMS per alert, no more, and the SMS sent after the restart.
    expect([...smsPerMember.values()]).toEqual(Array.from({ length: MEMBERS_PER_ALERT }, () => ALERTS + 1));
  }, 150_000);
});
