import { visiblePositionSql } from '@/lib/devices/visible-positions';
import type { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { Prisma } from '@/lib/generated/prisma/client';
import type { PositioningResultState } from '@/lib/generated/prisma/enums';
import { pageWindow } from '@/lib/http-parts/paging';
import { findCompanyPositioning } from './get-positioning';
import type { positioningDevicesQuery, positioningIdParams } from './positioning-body';

interface ResultRow {
  id: string;
  userId: string;
  userName: string;
  deviceId: string | null;
  deviceName: string | null;
  platform: string | null;
  state: PositioningResultState;
  declined: boolean;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  positionedAt: Date | null;
  respondedAt: Date | null;
  lastLat: number | null;
  lastLng: number | null;
  lastAccuracy: number | null;
  lastRecordedAt: Date | null;
}

/**
 * GET /api/positionings/{id}/devices: every device asked (and every person who could not be asked) with its state and
 * answer; where no position came back, the person's last known position, whose age the screen shows. By person, then
 * device; optionally one state only.
 */
export async function listPositioningDevices(
  ctx: Ctx,
  input: z.output<typeof positioningIdParams> & z.output<typeof positioningDevicesQuery>,
) {
  const positioning = await findCompanyPositioning(ctx, input.id);
  const { skip, take } = pageWindow(input);
  const onlyState = input.state ? Prisma.sql`AND r.state = ${input.state}::"PositioningResultState"` : Prisma.empty;
  const rows = await ctx.db.$queryRaw<ResultRow[]>`
    SELECT r.id, r."userId", u.name AS "userName", r."deviceId", d.name AS "deviceName", d.platform::text AS platform,
      r.state, r.declined, r.lat, r.lng, r.accuracy, r."positionedAt", r."respondedAt",
      last.lat AS "lastLat", last.lng AS "lastLng", last.accuracy AS "lastAccuracy", last."recordedAt" AS "lastRecordedAt"
    FROM "PositioningResult" r
    JOIN "User" u ON u.id = r."userId"
    LEFT JOIN "Device" d ON d.id = r."deviceId"
    LEFT JOIN LATERAL (
      SELECT p.lat, p.lng, p.accuracy, p."recordedAt" FROM "Position" p
      WHERE p."userId" = r."userId" AND ${visiblePositionSql(positioning.companyId)} ORDER BY p."recordedAt" DESC LIMIT 1
    ) last ON r.lat IS NULL
    WHERE r."positioningId" = ${positioning.id}::uuid ${onlyState}
    ORDER BY u.name, u.id, d.name NULLS LAST, r.id
    OFFSET ${skip} LIMIT ${take}`;
  return {
    items: rows.map((row) => ({
      resultId: row.id,
      user: { userId: row.userId, name: row.userName },
      device: row.deviceId ? { deviceId: row.deviceId, name: row.deviceName, platform: row.platform } : null,
      state: row.state,
      declined: row.declined,
      position:
        row.lat !== null && row.lng !== null
          ? {
              lat: row.lat,
              lng: row.lng,
              accuracy: row.accuracy,
              positionedAt: row.positionedAt?.toISOString() ?? null,
              respondedAt: row.respondedAt?.toISOString() ?? null,
            }
          : null,
      lastKnownPosition:
        row.lastLat !== null && row.lastLng !== null && row.lastRecordedAt
          ? {
              lat: row.lastLat,
              lng: row.lastLng,
              accuracy: row.lastAccuracy,
              recordedAt: row.lastRecordedAt.toISOString(),
            }
          : null,
    })),
    page: input.page,
    pageSize: input.pageSize,
  };
}
