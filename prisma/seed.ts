import { randomBytes } from 'node:crypto';
import { hashPassword } from '@/lib/auth/password';
import type { Db } from '@/lib/db';
import { circleBounds, polygonBounds } from '@/lib/geo/geofence-bounds';
import type { Role } from '@/lib/generated/prisma/enums';

export interface DemoLogin {
  email: string;
  password: string;
}

const PEOPLE: {
  name: string;
  email: string;
  phone: string;
  role: Role;
  team: 'Operations' | 'Security';
  position?: [number, number];
}[] = [
  {
    name: 'Ingrid Hansen',
    email: 'ingrid.hansen@demo.tocsin.local',
    phone: '+4791000001',
    role: 'admin',
    team: 'Operations',
    position: [59.9139, 10.7522],
  },
  {
    name: 'Lars Johansen',
    email: 'lars.johansen@demo.tocsin.local',
    phone: '+4791000002',
    role: 'user',
    team: 'Operations',
    position: [59.9111, 10.7528],
  },
  {
    name: 'Sofia Berg',
    email: 'sofia.berg@demo.tocsin.local',
    phone: '+4791000003',
    role: 'user',
    team: 'Security',
    position: [60.3913, 5.3221],
  },
  {
    name: 'Mohammed Ali',
    email: 'mohammed.ali@demo.tocsin.local',
    phone: '+4791000004',
    role: 'user',
    team: 'Security',
  },
  {
    name: 'Emma Nilsen',
    email: 'emma.nilsen@demo.tocsin.local',
    phone: '+4791000005',
    role: 'teamadmin',
    team: 'Operations',
  },
];

/** A demo company for a first look: an owner, a few members in two teams, two saved locations and some positions. */
export async function seedDemo(client: Db, now: Date): Promise<DemoLogin> {
  const password = randomBytes(9).toString('base64url');
  const login: DemoLogin = { email: 'admin@demo.tocsin.local', password };
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
          phone: '+4791000000',
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
      for (const person of PEOPLE) {
        const user = await tx.user.create({
          data: {
            email: person.email,
            name: person.name,
            phone: person.phone,
            passwordHash: await hashPassword(password),
            emailConfirmedAt: now,
          },
        });
        await tx.membership.create({ data: { companyId: company.id, userId: user.id, role: person.role } });
        await tx.teamMember.create({ data: { teamId: teams[person.team].id, userId: user.id } });
        if (person.position) {
          const device = await tx.device.create({
            data: {
              userId: user.id,
              name: `${person.name.split(' ')[0]}'s phone`,
              platform: 'android',
              lastSeenAt: now,
            },
          });
          await tx.position.create({
            data: {
              userId: user.id,
              deviceId: device.id,
              lat: person.position[0],
              lng: person.position[1],
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
    { timeout: 60_000 },
  );
  return login;
}
