import { z } from 'zod';
import { teamMemberIds } from './team-fields';

/** Body of POST and DELETE /api/teams/members. */
export const teamMembersBody = z.object({ teamId: z.uuid(), members: teamMemberIds.min(1) });
