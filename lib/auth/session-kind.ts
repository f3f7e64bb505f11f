import { z } from 'zod';
import type { SessionKind } from '@/lib/generated/prisma/enums';

/**
 * How the session is to be kept: `console` (the spec's 30-minute idle / 12-hour rule) or `device` (the responder or a
 * store app: months while in use, a member's rights only).
 */
export const sessionKindField = z.enum(['console', 'device']).optional().default('console');

/** What the person chose at login for the session to come. */
export interface SessionChoice {
  extendedLogin: boolean;
  sessionKind: SessionKind;
}
