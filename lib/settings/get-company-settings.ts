import type { Ctx } from '@/lib/context';
import { ALERT_SOUNDS } from './setting-rules';
import { DEFAULT_COUNTRIES, SETTING_NAMES, SETTINGS, type SettingName } from './setting-definitions';

type SettingValues = { [N in SettingName]: Awaited<ReturnType<(typeof SETTINGS)[N]['read']>> };

/** GET /api/customerSettings: every setting by name, and the choices of the settings that pick from a list. */
export async function getCompanySettings(ctx: Ctx) {
  const values = await Promise.all(SETTING_NAMES.map((name) => SETTINGS[name].read(ctx)));
  const settings = Object.fromEntries(SETTING_NAMES.map((name, index) => [name, values[index]])) as SettingValues;
  return { settings, choices: { alertSounds: ALERT_SOUNDS, defaultCountries: DEFAULT_COUNTRIES } };
}
