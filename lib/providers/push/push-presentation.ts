import { z } from 'zod';
import type { AlertType } from '@/lib/generated/prisma/enums';
import type { AlertPush } from './push-types';

const soundName = z.string().trim().min(1).max(100).optional();

/**
 * Company.alertSoundSettings as far as push reads it: the name of a sound the apps bundle per alert type, and `default`
 * for the other types. Anything else in the settings is left alone; settings without a usable name give the system sound.
 */
const alertSoundSettings = z.looseObject({
  default: soundName,
  alert: soundName,
  urgentAlert: soundName,
  alarm: soundName,
  sos: soundName,
  missionAlarm: soundName,
});

const CRITICAL_TYPES: AlertType[] = ['alarm', 'sos', 'missionAlarm'];

export interface PushPresentation {
  /** Alarms and SOS: break through silent mode / do-not-disturb where the platform allows it. */
  critical: boolean;
  /** iOS interruption level. */
  interruptionLevel: 'active' | 'time-sensitive' | 'critical';
  /** The company's sound for this type, else the platform's default sound. */
  sound: string;
}

/** How a push of this alert type shows on the device, with the company's alert sound settings. */
export function pushPresentation(type: AlertType, soundSettings: unknown): PushPresentation {
  const critical = CRITICAL_TYPES.includes(type);
  const settings = alertSoundSettings.safeParse(soundSettings ?? {});
  const sound = (settings.success && (settings.data[type] ?? settings.data.default)) || 'default';
  return {
    critical,
    interruptionLevel: critical ? 'critical' : type === 'urgentAlert' ? 'time-sensitive' : 'active',
    sound,
  };
}

/** How long a push service keeps an alert for a device that is offline: a day-old alert is still worth showing. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** Data every push carries (web too): the app confirms receipt naming the alert and the receipt. */
export function pushData(alert: AlertPush): Record<string, string> {
  return { alertId: alert.alertId, type: alert.type, receiptKey: alert.receiptKey };
}

/** UTF-8 bytes of `text` inside a JSON string (escapes included). */
const jsonBytes = (text: string) => Buffer.byteLength(JSON.stringify(text)) - 2;

/**
 * The alert text cut to fit the push payload limit (4 KB for FCM and for Web Push, title and data included): at most
 * `maxBytes` as JSON-encoded UTF-8, cut between characters, with an ellipsis. The app shows the whole alert when opened.
 */
export function pushBody(text: string, maxBytes = 2000): string {
  if (jsonBytes(text) <= maxBytes) return text;
  let used = jsonBytes('…');
  let end = 0;
  for (const char of text) {
    used += jsonBytes(char);
    if (used > maxBytes) break;
    end += char.length;
  }
  return `${text.slice(0, end).trimEnd()}…`;
}
