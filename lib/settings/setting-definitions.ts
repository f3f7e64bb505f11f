import { getCountries } from 'libphonenumber-js/max';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import {
  CONTACT_CYCLE_SETTINGS,
  readContactCycleSettings,
  type ContactCycleSettingName,
  type ContactCycleSettings,
} from '@/lib/contact-cycle/contact-cycle-settings';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { validationMessages } from '@/lib/http-parts/validation-messages';
import { HELP_TEAM, readHelpTeam } from '@/lib/answers/help-team';
import { getMissionSubscribers } from '@/lib/missions/get-mission-subscribers';
import { replaceMissionSubscribersIn } from '@/lib/missions/replace-mission-subscribers';
import { dialCodeOfCountry } from '@/lib/phone/guess-country';
import { CONFERENCE_TEXT, readConferenceText } from '@/lib/voice/read-conference-text';
import {
  ALERT_SOUNDS,
  MAX_CONFERENCE_TEXT,
  MAX_DEFAULT_SOS_MESSAGE,
  SOUND_TYPES,
  type AlertSound,
  type SoundType,
} from './setting-rules';

/** The countries whose dial code the product sends to, as a company's default country (imports, phone fields). */
export const DEFAULT_COUNTRIES: { country: string; dialCode: string }[] = getCountries().flatMap((country) => {
  const dialCode = dialCodeOfCountry(country);
  return dialCode ? [{ country: country as string, dialCode }] : [];
});

/** An optional text: blank is no text (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((text) => text || null);

const alertSounds = z.strictObject(
  Object.fromEntries(SOUND_TYPES.map((type) => [type, z.enum(ALERT_SOUNDS).optional()])) as Record<
    SoundType,
    z.ZodOptional<z.ZodEnum<{ [K in AlertSound]: K }>>
  >,
);

const countryCodes = new Set(DEFAULT_COUNTRIES.map((entry) => entry.country));

type Tx = Prisma.TransactionClient;
type SettingsCtx = Pick<Ctx, 'company'> & { db: DbClient };

interface SettingDefinition<S extends z.ZodType> {
  schema: S;
  /** The stored value, as GET /api/customerSettings answers it. */
  read: (ctx: SettingsCtx) => Promise<z.output<S>>;
  /** Stores a validated value inside the change's transaction. */
  write: (tx: Tx, ctx: Ctx, value: z.output<S>) => Promise<void>;
}

/** A setting as the operations use it: its stored value, and `store`, which checks a value (400 naming `value`) and stores it. */
const define = <S extends z.ZodType>({ schema, read, write }: SettingDefinition<S>) => {
  const body = z.object({ value: schema });
  return {
    read,
    store: async (tx: Tx, ctx: Ctx, value: unknown): Promise<void> => {
      const parsed = body.safeParse({ value });
      if (!parsed.success) throw new ApiError(400, validationMessages(parsed.error, { value }, 'value'));
      await write(tx, ctx, (parsed.data as { value: z.output<S> }).value);
    },
  };
};

const companyColumns = (ctx: SettingsCtx) =>
  ctx.db.company.findUniqueOrThrow({
    where: { id: ctx.company.id },
    select: {
      alertSoundSettings: true,
      alertSoundLocked: true,
      defaultCountry: true,
      defaultSosMessage: true,
    },
  });

const updateCompany = (tx: Tx, ctx: Ctx, data: Prisma.CompanyUpdateInput) =>
  tx.company.update({ where: { id: ctx.company.id }, data, select: { id: true } });

/** Stores a setting kept as a CompanySetting row. */
const upsertSettingRow = (tx: Tx, ctx: Ctx, name: string, value: Prisma.InputJsonValue) => {
  const key = { companyId: ctx.company.id, name };
  return tx.companySetting.upsert({ where: { companyId_name: key }, create: { ...key, value }, update: { value } });
};

/** A contact cycle setting (lib/contact-cycle/contact-cycle-settings.ts): its row, or its default. */
const contactCycleSetting = <N extends ContactCycleSettingName>(name: N) => {
  // TypeScript cannot narrow the schemas' union by a generic name: each schema is its own setting's.
  const schema = CONTACT_CYCLE_SETTINGS[name].schema as unknown as z.ZodType<ContactCycleSettings[N]>;
  return define({
    schema,
    read: async (ctx) => (await readContactCycleSettings(ctx.db, ctx.company.id))[name],
    write: async (tx, ctx, value) => void (await upsertSettingRow(tx, ctx, name, value)),
  });
};

/**
 * The company settings (spec §6, §7; issue 19), one schema each: POST /api/customerSettings/{name} validates `value`
 * with it. Most live on the company row (push and SOS read them there); the conference text in CompanySetting; the
 * mission alarm subscribers in their own table, shared with /api/missions/subscribers.
 */
export const SETTINGS = {
  /** The sound each alert type plays in the apps (push names it); types left out play the `default` entry's sound. */
  alertSounds: define({
    schema: alertSounds,
    read: async (ctx) => {
      const stored = alertSounds.safeParse((await companyColumns(ctx)).alertSoundSettings ?? {});
      return stored.success ? stored.data : {};
    },
    write: async (tx, ctx, value) => void (await updateCompany(tx, ctx, { alertSoundSettings: value })),
  }),
  /** Members cannot choose another sound in their app. */
  alertSoundLocked: define({
    schema: z.boolean(),
    read: async (ctx) => (await companyColumns(ctx)).alertSoundLocked,
    write: async (tx, ctx, value) => void (await updateCompany(tx, ctx, { alertSoundLocked: value })),
  }),
  /** ISO 3166 code of the country whose dial code phone fields and imports assume. */
  defaultCountry: define({
    schema: z
      .string()
      .trim()
      .toUpperCase()
      .refine((country) => countryCodes.has(country)),
    read: async (ctx) => (await companyColumns(ctx)).defaultCountry,
    write: async (tx, ctx, value) => void (await updateCompany(tx, ctx, { defaultCountry: value })),
  }),
  /** The text of an SOS sent without one (null: the product's own text in the company's language). */
  defaultSosMessage: define({
    schema: optionalText(MAX_DEFAULT_SOS_MESSAGE),
    read: async (ctx) => (await companyColumns(ctx)).defaultSosMessage,
    write: async (tx, ctx, value) => void (await updateCompany(tx, ctx, { defaultSosMessage: value })),
  }),
  /** Read out in alert calls after the alert: how to join the responders' conference (null: calls offer none). */
  conferenceText: define({
    schema: optionalText(MAX_CONFERENCE_TEXT),
    read: (ctx) => readConferenceText(ctx.db, ctx.company.id),
    write: async (tx, ctx, value) => {
      if (value === null)
        await tx.companySetting.deleteMany({ where: { companyId: ctx.company.id, name: CONFERENCE_TEXT } });
      else await upsertSettingRow(tx, ctx, CONFERENCE_TEXT, value);
    },
  }),
  /** Who is told when someone answers "I need help": this team's members (null: the alert's sender and the admins). */
  helpTeam: define({
    schema: z.uuid().nullable(),
    read: (ctx) => readHelpTeam(ctx.db, ctx.company.id),
    write: async (tx, ctx, value) => {
      if (value === null) {
        await tx.companySetting.deleteMany({ where: { companyId: ctx.company.id, name: HELP_TEAM } });
        return;
      }
      // Another company's team is unknown here, like one that does not exist.
      const team = await tx.team.findFirst({ where: { id: value, companyId: ctx.company.id }, select: { id: true } });
      if (!team) throw ApiError.badRequest('value must be a team of this company');
      await upsertSettingRow(tx, ctx, HELP_TEAM, value);
    },
  }),
  /** Who gets a mission alarm (empty: every admin). */
  missionAlarmSubscribers: define({
    schema: z.array(z.uuid()).max(1000),
    read: async (ctx) => (await getMissionSubscribers(ctx)).subscriberIds,
    write: async (tx, ctx, value) => void (await replaceMissionSubscribersIn(tx, ctx, value)),
  }),
  /** The contact cycle until confirmed (issue 36): its rounds, its intervals, and whether it is for every alert. */
  contactCycleRounds: contactCycleSetting('contactCycleRounds'),
  contactCycleCallAfterMinutes: contactCycleSetting('contactCycleCallAfterMinutes'),
  contactCycleRepeatAfterMinutes: contactCycleSetting('contactCycleRepeatAfterMinutes'),
  contactCycleAllSeverities: contactCycleSetting('contactCycleAllSeverities'),
  reaskAfterMinutes: contactCycleSetting('reaskAfterMinutes'),
};

export type SettingName = keyof typeof SETTINGS;
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

export const isSettingName = (name: string): name is SettingName => Object.hasOwn(SETTINGS, name);
