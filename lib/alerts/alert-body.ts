import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { responseOptionsField } from '@/lib/answers/response-options';
import { attachmentUploadsField } from '@/lib/attachments/attachment-limits';
import type { Prisma } from '@/lib/generated/prisma/client';
import { alertTarget, hasArea } from '@/lib/targeting/alert-target';

export const SEVERITIES = ['alert', 'urgentAlert', 'alarm'] as const;
export type Severity = (typeof SEVERITIES)[number];

const channels = z
  .array(z.enum(['push', 'sms', 'voice']))
  .max(3)
  .refine((list) => new Set(list).size === list.length);

const position = z
  .object({
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    accuracy: z.number().min(0).nullish(),
  })
  .nullish()
  .transform((value) => value ?? null);

const commonFields = {
  severity: z.enum(SEVERITIES).optional(),
  position,
  attachments: attachmentUploadsField.default([]),
  simulationMode: z.boolean().default(false),
  draftId: z.uuid().optional(),
  /** What the recipients may answer (issue 36): none, or up to 9 options, fixed once sent. */
  responseOptions: responseOptionsField,
};

/** Body of POST /api/alerts/alert and /alarm (spec §5: title and message at least 3 characters, at least one channel). */
export const alertBody = z.object({
  ...commonFields,
  title: z.string().trim().min(3).max(200),
  message: z.string().trim().min(3).max(5000),
  channels: channels.min(1),
  // A missing target is parsed as an empty one, so that it gets the target rules' own message and code.
  target: alertTarget.prefault({}),
});

/** Body of the draft routes: the same fields, none required, types still checked (a draft may be half written). */
export const draftBody = z.object({
  ...commonFields,
  title: z.string().trim().max(200).default(''),
  message: z.string().trim().max(5000).default(''),
  channels: channels.default([]),
  target: alertTarget.prefault({}),
});

/** Body of PUT /api/alerts/{id}: a draft's fields; the draft is the one in the path, so there is no `draftId`. */
export const draftChangeBody = draftBody.omit({ draftId: true });

export type AlertBody = z.output<typeof alertBody>;
export type DraftBody = z.output<typeof draftBody>;
export type DraftChangeBody = z.output<typeof draftChangeBody>;

/** Which severities each pair of routes takes, and the one it uses when none is given. */
export const SEVERITY_KINDS = {
  alert: { allowed: ['alert', 'urgentAlert'], fallback: 'alert' },
  alarm: { allowed: ['alarm'], fallback: 'alarm' },
} as const satisfies Record<string, { allowed: readonly Severity[]; fallback: Severity }>;

export type SeverityKind = keyof typeof SEVERITY_KINDS;

/** The severity a route uses: the given one if that route takes it (else 400 "severity is not valid"), or its default. */
export function severityFor(kind: SeverityKind, given: Severity | undefined): Severity {
  const { allowed, fallback } = SEVERITY_KINDS[kind];
  if (given === undefined) return fallback;
  if (!(allowed as readonly Severity[]).includes(given)) throw ApiError.badRequest('severity is not valid');
  return given;
}

/** The Alert columns a send or draft body sets (author, company, status and times are the caller's). */
export function alertColumns(body: AlertBody | DraftBody, severity: Severity) {
  return {
    type: severity,
    title: body.title,
    message: body.message,
    channels: body.channels,
    simulationMode: body.simulationMode,
    target: body.target as Prisma.InputJsonObject,
    responseOptions: body.responseOptions as Prisma.InputJsonArray,
    isLocationRestricted: hasArea(body.target),
    containsAuthorLocation: body.position !== null,
    authorLat: body.position?.lat ?? null,
    authorLng: body.position?.lng ?? null,
    authorAccuracy: body.position?.accuracy ?? null,
  } satisfies Prisma.AlertUncheckedUpdateInput;
}
