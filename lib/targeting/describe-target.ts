import { z } from 'zod';
import type { DbClient } from '@/lib/db';
import type { Geofence } from '@/lib/geo/geofence';
import { locationView } from '@/lib/locations/location-view';

/** The stored target as the sender gave it; a missing part (older rows, drafts) reads as not chosen. */
const storedTarget = z.object({
  company: z.boolean().catch(false),
  teams: z.array(z.uuid()).catch([]),
  users: z.array(z.uuid()).catch([]),
  devices: z.array(z.uuid()).catch([]),
  locations: z.array(z.uuid()).catch([]),
  adHocLocation: z
    .object({
      name: z.string().nullish(),
      geofence: z.custom<Geofence>((value) => typeof value === 'object' && value !== null),
    })
    .nullable()
    .catch(null),
});

/**
 * A stored target (of an alert or a positioning) with names for its ids, in the order the sender chose them; what was
 * deleted since (or is not the company's) drops out.
 */
export async function describeTarget(client: DbClient, companyId: string, storedValue: unknown) {
  const target = storedTarget.parse(storedValue ?? {});
  const member = { memberships: { some: { companyId } } };
  const [teams, users, devices, locations] = await Promise.all([
    client.team.findMany({ where: { id: { in: target.teams }, companyId }, select: { id: true, name: true } }),
    client.user.findMany({ where: { id: { in: target.users }, ...member }, select: { id: true, name: true } }),
    client.device.findMany({ where: { id: { in: target.devices }, user: member }, select: { id: true, name: true } }),
    client.location.findMany({
      where: { id: { in: target.locations }, companyId },
      select: { id: true, name: true, geofence: true },
    }),
  ]);
  return {
    company: target.company,
    teams: inOrder(target.teams, teams),
    users: inOrder(target.users, users).map((user) => ({ userId: user.id, name: user.name })),
    devices: inOrder(target.devices, devices),
    locations: inOrder(target.locations, locations).map(locationView),
    adHocLocation: target.adHocLocation
      ? { name: target.adHocLocation.name || null, geofence: target.adHocLocation.geofence }
      : null,
  };
}

function inOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
