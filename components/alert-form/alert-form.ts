import type { Position } from '@/components/ui/use-my-position';
import { MAX_RESPONSE_OPTIONS, type ResponseOption } from '@/lib/answers/answer-rules';
import type { Severity } from '@/lib/alerts/alert-body';
import type { AlertDetail } from '@/lib/alerts/get-alert';
import { AlertType, Channel } from '@/lib/generated/prisma/enums';
import type { Geofence } from '@/lib/geo/geofence';

// The /newAlert form as plain data, its checks (spec §5) and the bodies it sends (contract-alerts.md [A]). Pure: no
// React, so the rules are unit-tested on their own (tests/unit/new-alert-form.test.ts).

/** An upload to claim with a message (alert, comment or update): its storage key and the name to show. */
export interface UploadedAttachment {
  key: string;
  name: string;
}

/** The types an admin sends from this form (sos and mission alarms come from the app and missions). */
export const SEVERITIES: readonly Severity[] = [AlertType.alert, AlertType.urgentAlert, AlertType.alarm];
export const CHANNELS: readonly Channel[] = Object.values(Channel);
export type { Channel, Severity };
export const RECIPIENT_MODES = ['company', 'teams', 'users', 'locations', 'area'] as const;
export type RecipientsMode = (typeof RECIPIENT_MODES)[number];
/** The modes that name people, who may be narrowed to those at chosen saved locations (a team at one site). */
export const NARROWABLE_MODES: readonly RecipientsMode[] = ['teams', 'users'];

/** Spec §5: alert title and message. */
export const MIN_ALERT_TEXT = 3;
export const MAX_TITLE = 200;
export const MAX_MESSAGE = 5_000;
export const MAX_AREA_NAME = 100;

export interface ChosenPerson {
  userId: string;
  name: string;
}

export interface AlertForm {
  severity: Severity;
  title: string;
  message: string;
  channels: Channel[];
  mode: RecipientsMode;
  teamIds: string[];
  people: ChosenPerson[];
  locationIds: string[];
  /** Teams or people: only those whose last known position is at one of the chosen locations. */
  onlyAtLocations: boolean;
  area: Geofence | null;
  /** Optional: without a name the drawn area is a custom location of this alert only. */
  areaName: string;
  /** The answers people may give (none: the alert asks nothing); fixed once sent. */
  responseOptions: ResponseOption[];
  simulationMode: boolean;
}

/** Whom a message goes to (or, for a positioning, whom to locate): the part of the form the recipients field edits. */
export type RecipientsChoice = Pick<
  AlertForm,
  'mode' | 'teamIds' | 'people' | 'locationIds' | 'onlyAtLocations' | 'area' | 'areaName'
>;

export const EMPTY_RECIPIENTS: RecipientsChoice = {
  mode: 'company',
  teamIds: [],
  people: [],
  locationIds: [],
  onlyAtLocations: false,
  area: null,
  areaName: '',
};

export const EMPTY_FORM: AlertForm = {
  severity: 'alert',
  title: '',
  message: '',
  channels: ['push'],
  ...EMPTY_RECIPIENTS,
  responseOptions: [],
  simulationMode: false,
};

export type Problem = { rule: 'required' } | { rule: 'tooShort'; min: number };
export type FormField = 'title' | 'message' | 'channels' | 'recipients' | 'responseOptions';
export type FormProblems = Partial<Record<FormField, Problem>>;

/** The fields in the order they appear: the first one with a problem gets the focus. */
export const FIELD_ORDER: FormField[] = ['title', 'message', 'recipients', 'channels', 'responseOptions'];

function textProblem(value: string): Problem | undefined {
  const trimmed = value.trim();
  if (!trimmed) return { rule: 'required' };
  return trimmed.length < MIN_ALERT_TEXT ? { rule: 'tooShort', min: MIN_ALERT_TEXT } : undefined;
}

/** True when the teams or people are narrowed to saved locations. */
const narrowed = (form: RecipientsChoice) => form.onlyAtLocations && NARROWABLE_MODES.includes(form.mode);

/**
 * What the chosen mode still lacks to pick somebody (the whole company, or at least one team, person, location or an
 * area; and a location when teams or people are narrowed to locations), or null when it picks somebody.
 */
export function missingRecipients(form: RecipientsChoice): Exclude<RecipientsMode, 'company'> | null {
  switch (form.mode) {
    case 'company':
      return null;
    case 'teams':
      if (form.teamIds.length === 0) return 'teams';
      break;
    case 'users':
      if (form.people.length === 0) return 'users';
      break;
    case 'locations':
      break;
    case 'area':
      return form.area === null ? 'area' : null;
  }
  const needsLocations = form.mode === 'locations' || narrowed(form);
  return needsLocations && form.locationIds.length === 0 ? 'locations' : null;
}

export const hasRecipients = (form: RecipientsChoice): boolean => missingRecipients(form) === null;

/** Spec §5: title and message of at least 3 characters, at least one channel, recipients (at least one team...). */
export function formProblems(form: AlertForm): FormProblems {
  const problems: FormProblems = {};
  const title = textProblem(form.title);
  if (title) problems.title = title;
  const message = textProblem(form.message);
  if (message) problems.message = message;
  if (form.channels.length === 0) problems.channels = { rule: 'required' };
  if (!hasRecipients(form)) problems.recipients = { rule: 'required' };
  if (unlabelledOption(form.responseOptions) !== -1) problems.responseOptions = { rule: 'required' };
  return problems;
}

/** The place of the first option that needs words and has none (an "other" option), or -1. */
export function unlabelledOption(options: ResponseOption[]): number {
  return options.findIndex((option) => option.kind === 'other' && !option.label?.trim());
}

/** The options as the body sends them: labels trimmed, a blank label on a safe or needs-help option is its default. */
export function responseOptionsBody(options: ResponseOption[]): ResponseOption[] {
  return options.slice(0, MAX_RESPONSE_OPTIONS).map(({ kind, label }) => {
    const words = label?.trim();
    return words ? { kind, label: words } : { kind };
  });
}

export const firstProblem = (problems: FormProblems): FormField | undefined =>
  FIELD_ORDER.find((field) => problems[field]);

/** The contract's alert target for the chosen mode (one kind of recipients, teams and people maybe at locations). */
export function alertTarget(form: RecipientsChoice) {
  const atLocations = narrowed(form) ? { locations: form.locationIds } : {};
  switch (form.mode) {
    case 'company':
      return { company: true };
    case 'teams':
      return { teams: form.teamIds, ...atLocations };
    case 'users':
      return { users: form.people.map((person) => person.userId), ...atLocations };
    case 'locations':
      return { locations: form.locationIds };
    case 'area':
      return form.area ? { adHocLocation: { name: form.areaName.trim(), geofence: form.area } } : {};
  }
}

export type AlertTargetBody = ReturnType<typeof alertTarget>;

/** The body of send and draft calls (contract: alert-body). */
export function alertBody(
  form: AlertForm,
  extras: { position: Position | null; uploads: UploadedAttachment[]; draftId: string | null },
) {
  return {
    severity: form.severity,
    title: form.title.trim(),
    message: form.message.trim(),
    channels: form.channels,
    target: alertTarget(form),
    position: extras.position,
    attachments: extras.uploads,
    responseOptions: responseOptionsBody(form.responseOptions),
    simulationMode: form.simulationMode,
    ...(extras.draftId ? { draftId: extras.draftId } : {}),
  };
}

/** The parts of a saved draft (GET /api/alerts/{id}) the form shows. */
export type DraftDetail = Pick<
  AlertDetail,
  'severity' | 'title' | 'message' | 'channels' | 'simulationMode' | 'target' | 'responseOptions'
>;

const isSeverity = (value: string): value is Severity => (SEVERITIES as readonly string[]).includes(value);

function modeOf(target: DraftDetail['target']): RecipientsMode {
  // Teams or people with locations: those of them at the locations (the mode of the teams or people).
  if (target.company) return 'company';
  if (target.teams.length > 0) return 'teams';
  if (target.users.length > 0) return 'users';
  if (target.locations.length > 0) return 'locations';
  if (target.adHocLocation) return 'area';
  return EMPTY_FORM.mode;
}

/** The recipients field filled from a saved target with its names (a draft's, a scenario's). */
export function recipientsFromTarget(target: DraftDetail['target']): RecipientsChoice {
  return {
    mode: modeOf(target),
    teamIds: target.teams.map((team) => team.id),
    people: target.users.map(({ userId, name }) => ({ userId, name })),
    locationIds: target.locations.map((location) => location.locationId),
    onlyAtLocations: target.locations.length > 0 && (target.teams.length > 0 || target.users.length > 0),
    area: target.adHocLocation?.geofence ?? null,
    areaName: target.adHocLocation?.name ?? '',
  };
}

/** Saved options (a read gives a default option's label as null) as the form edits them. */
export function storedOptions(options: { kind: ResponseOption['kind']; label?: string | null }[]): ResponseOption[] {
  return options.map(({ kind, label }) => (label ? { kind, label } : { kind }));
}

/** The form filled from a saved draft. */
export function formFromDraft(draft: DraftDetail): AlertForm {
  return {
    severity: isSeverity(draft.severity) ? draft.severity : EMPTY_FORM.severity,
    title: draft.title,
    message: draft.message,
    channels: [...draft.channels],
    ...recipientsFromTarget(draft.target),
    responseOptions: storedOptions(draft.responseOptions),
    simulationMode: draft.simulationMode,
  };
}

/** True when the form holds anything worth keeping (opening a draft over it asks first). */
export function hasContent(form: AlertForm): boolean {
  return (
    form.title.trim() !== '' ||
    form.message.trim() !== '' ||
    form.teamIds.length > 0 ||
    form.people.length > 0 ||
    form.locationIds.length > 0 ||
    form.area !== null ||
    form.responseOptions.length > 0
  );
}
