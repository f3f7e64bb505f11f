import { z } from 'zod';
import { responseOptionsField } from '@/lib/answers/response-options';
import { attachmentUploadsField } from '@/lib/attachments/attachment-limits';
import { alertTarget } from '@/lib/targeting/alert-target';
import type { AlertType } from '@/lib/generated/prisma/enums';

/** Spec §3 Scenario alertType: 1 alarm, 2 urgent alert. */
export const SCENARIO_TYPES = { 1: 'alarm', 2: 'urgentAlert' } as const satisfies Record<number, AlertType>;
export type ScenarioTypeNumber = keyof typeof SCENARIO_TYPES;

export function scenarioTypeNumber(type: AlertType): ScenarioTypeNumber {
  return type === 'alarm' ? 1 : 2;
}

/** Spec §5 / §9: a scenario's alert title 3–50 and body 3–1500 characters (also when started with edited texts). */
export const scenarioTitle = z.string().trim().min(3).max(50);
export const scenarioText = z.string().trim().min(3).max(1500);

export const scenarioIdParams = z.object({ id: z.uuid() });

/** Body of creating or changing a scenario (admins). */
export const scenarioBody = z.object({
  name: z.string().trim().min(3).max(100),
  description: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((value) => value || null),
  alertType: z.union([z.literal(1), z.literal(2)]),
  alertData: z.object({
    title: scenarioTitle,
    body: scenarioText,
    target: alertTarget.prefault({}),
    /** The response options its alert asks (as an alert's), none unless given. */
    responseOptions: responseOptionsField,
  }),
  channels: z
    .array(z.enum(['push', 'sms', 'voice']))
    .min(1)
    .max(3)
    .refine((list) => new Set(list).size === list.length),
  includePosition: z.boolean().default(false),
  folderId: z.uuid().nullish(),
  /** The scenario's files: those it has (kept) and new uploads to claim; a file it has that is not listed is removed. */
  attachments: attachmentUploadsField.default([]),
});

export type ScenarioBody = z.output<typeof scenarioBody>;
