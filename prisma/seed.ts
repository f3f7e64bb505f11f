import { randomBytes } from 'node:crypto';
import { hashPassword } from '@/lib/auth/password';
import type { Db } from '@/lib/db';
import { circleBounds, polygonBounds } from '@/lib/geo/geofence-bounds';
import type { Role } from '@/lib/generated/prisma/enums';

export interface DemoLogin {
  email: string;
  password: string;
  /** A member who receives alerts, for the responder; .data/demo-login.json files from before it lack it. */
  member?: { name: string; email: string; password: string };
}

/** Where the demo's people are seen: by a phone with the app, or by an old phone whose app no longer gets push. */
type Seen = { position: [number, number]; app: boolean };

const PEOPLE: {
  name: string;
  role: Role;
  team: 'Operations' | 'Security';
  seen?: Seen;
  /** The member whose login is printed: a password of their own, so the admin's is not handed to a responder. */
  demoMember?: true;
}[] = [
  {
    name: 'Ingrid Hansen',
    role: 'admin',
    team: 'Operations',
    seen: { position: [59.9139, 10.7522], app: true },
  },
  {
    name: 'Lars Johansen',
    role: 'user',
    team: 'Operations',
    seen: { position: [59.9111, 10.7528], app: true },
  },
  {
    name: 'Sofia Berg',
    role: 'user',
    team: 'Security',
    seen: { position: [60.3913, 5.3221], app: true },
  },
  {
    name: 'Mohammed Ali',
    role: 'user',
    team: 'Security',
    seen: { position: [59.9131, 10.7449], app: false },
    demoMember: true,
  },
  {
    name: 'Emma Nilsen',
    role: 'teamadmin',
    team: 'Operations',
  },
];

/** The demo's e-mail domain and phone numbers (+47 then `phoneBase`, + 1, ...); tests seed it again with others. */
export interface DemoContacts {
  emailDomain: string;
  phoneBase: number;
}

const DEMO_CONTACTS: DemoContacts = { emailDomain: 'demo.tocsin.local', phoneBase: 91000000 };

function emailOf(name: string, contacts: DemoContacts): string {
  return `${name.toLowerCase().replace(' ', '.')}@${contacts.emailDomain}`;
}

/**
 * A demo company for a first look: an owner, a few members in two teams, two saved locations, three members with the
 * app on a phone (push goes to the outbox) that reports its position, one seen by an old phone without the app (a
 * position is not the app), and the owner and one member without any device. The one seen without the app is the demo
 * member whose login is returned beside the owner's: the responder, opened as them, is how they get the app.
 */
export async function seedDemo(client: Db, now: Date, contacts: DemoContacts = DEMO_CONTACTS): Promise<DemoLogin> {
  const password = randomBytes(9).toString('base64url');
  const login: DemoLogin = { email: `admin@${contacts.emailDomain}`, password };
  const memberPassword = randomBytes(9).toString('base64url');
  await client.$transaction(
    async (tx) => {
      const company = await tx.company.create({
        data: {
          name: 'Tocsin Demo',
          plan: 'enterprise',
          includedSeats: 50,
          features: ['mission', 'scenario', 'flicHub'],
          defaultSosMessage: 'I need help. Please contact me right away.',
          activatedAt: now,
        },
      });
      const owner = await tx.user.create({
        data: {
          email: login.email,
          name: 'Demo Admin',
          phone: `+47${contacts.phoneBase}`,
          passwordHash: await hashPassword(password),
          emailConfirmedAt: now,
        },
      });
      await tx.membership.create({ data: { companyId: company.id, userId: owner.id, role: 'owner' } });
      const teams = {
        Operations: await tx.team.create({
          data: { companyId: company.id, name: 'Operations', description: 'Day-to-day operations' },
        }),
        Security: await tx.team.create({
          data: { companyId: company.id, name: 'Security', description: 'Guards and first responders' },
        }),
      };
      for (const [index, person] of PEOPLE.entries()) {
        const email = emailOf(person.name, contacts);
        const user = await tx.user.create({
          data: {
            email,
            name: person.name,
            phone: `+47${contacts.phoneBase + index + 1}`,
            passwordHash: await hashPassword(person.demoMember ? memberPassword : password),
            emailConfirmedAt: now,
          },
        });
        if (person.demoMember) login.member = { name: person.name, email, password: memberPassword };
        await tx.membership.create({ data: { companyId: company.id, userId: user.id, role: person.role } });
        await tx.teamMember.create({ data: { teamId: teams[person.team].id, userId: user.id } });
        if (person.seen) {
          const firstName = person.name.split(' ')[0];
          const device = await tx.device.create({
            data: person.seen.app
              ? {
                  userId: user.id,
                  name: `${firstName}'s phone`,
                  platform: 'android',
                  // Push goes to the outbox while FCM is not configured, so these phones can receive push; with FCM
                  // set, the made-up token is refused once and dropped (lib/providers/push/remove-dead-push-targets.ts).
                  pushToken: `demo-${randomBytes(16).toString('hex')}`,
                  appVersion: '1.0.0',
                  lastSeenAt: now,
                }
              : { userId: user.id, name: `${firstName}'s old phone`, platform: 'android', lastSeenAt: now },
          });
          await tx.position.create({
            data: {
              userId: user.id,
              deviceId: device.id,
              lat: person.seen.position[0],
              lng: person.seen.position[1],
              accuracy: 15,
              recordedAt: now,
            },
          });
        }
      }
      const office = { type: 'circle' as const, center: { lat: 59.9127, lng: 10.7461 }, radius: 400 };
      await tx.location.create({
        data: { companyId: company.id, name: 'Oslo office', geofence: office, ...circleBounds(office) },
      });
      const warehouse = {
        type: 'polygon' as const,
        points: [
          { lat: 60.3935, lng: 5.318 },
          { lat: 60.3935, lng: 5.327 },
          { lat: 60.389, lng: 5.327 },
          { lat: 60.389, lng: 5.318 },
        ],
      };
      await tx.location.create({
        data: { companyId: company.id, name: 'Bergen warehouse', geofence: warehouse, ...polygonBounds(warehouse) },
      });
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
  return login;
}
