import { z } from 'zod';
import { geofenceSchema } from '@/lib/geo/geofence';

const ids = (max: number) => z.array(z.uuid()).max(max);

/** A drawn area: its optional name ('' or blank = none, shown as a custom location) and its geofence. */
const adHocLocation = z.object({
  name: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((name) => name || null),
  geofence: geofenceSchema,
});

const targetFields = z.object({
  company: z.boolean().default(false),
  teams: ids(1000).optional(),
  users: ids(10_000).default([]),
  devices: ids(10_000).default([]),
  locations: ids(1000).default([]),
  adHocLocation: adHocLocation.nullish().transform((area) => area ?? null),
});

// Targets whose request named the `teams` key: "teams chosen, none picked" (missingTeams) differs from "nothing chosen"
// (missingTarget), yet the parsed target keeps the contract's shape (teams defaults to []). Kept beside the object,
// not in it, so the stored target never carries it.
const teamsKeyGiven = new WeakSet<object>();

/**
 * Who an alert (or reach preview) is for (contract "alert-target"): the whole company, teams, users, the owners of
 * devices, restricted by saved locations and/or a drawn area when those are given.
 */
export const alertTarget = targetFields.transform(({ teams, ...rest }) => {
  const target = { ...rest, teams: teams ?? [] };
  if (teams !== undefined) teamsKeyGiven.add(target);
  return target;
});

export type AlertTarget = z.output<typeof alertTarget>;

/** An empty target, for a draft saved before its recipients are chosen. */
export function emptyTarget(): AlertTarget {
  return { company: false, teams: [], users: [], devices: [], locations: [], adHocLocation: null };
}

/** Whether the target names any area (saved locations or a drawn area): then only people inside are alerted. */
export function hasArea(target: AlertTarget): boolean {
  return target.locations.length > 0 || target.adHocLocation !== null;
}

/** Whether the target names people (company, teams, users or devices) apart from any area. */
export function namesPeople(target: AlertTarget): boolean {
  return target.company || target.teams.length > 0 || target.users.length > 0 || target.devices.length > 0;
}

/** Whether the request for this target had a `teams` key (possibly empty). */
export function teamsWereChosen(target: AlertTarget): boolean {
  return teamsKeyGiven.has(target);
}
