import { dashPositionsQuery, getDashPositions } from '@/lib/dashboard/get-dash-positions';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

// Any member of the company; admins get the last known positions in view (points, or grid clusters where many), others
// none, as on the dashboard. See lib/dashboard/get-dash-positions.ts.
export const GET = route(
  {
    query: dashPositionsQuery,
    summary: 'The last known positions within the viewed bounds (west,south,east,north), clustered where many',
  },
  getDashPositions,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
