/**
 * The alert sounds the apps bundle (their file names without extension), which push names per alert type
 * (lib/providers/push/push-presentation.ts). `default` is the platform's own notification sound.
 */
export const ALERT_SOUNDS = ['default', 'siren', 'alarm', 'klaxon', 'bell', 'chime', 'beacon', 'pulse'] as const;
export type AlertSound = (typeof ALERT_SOUNDS)[number];

/** The types a company may give a sound of their own; `default` serves the types without one. */
export const SOUND_TYPES = ['default', 'alert', 'urgentAlert', 'alarm', 'sos', 'missionAlarm'] as const;
export type SoundType = (typeof SOUND_TYPES)[number];

export const MAX_DEFAULT_SOS_MESSAGE = 1000;
export const MAX_CONFERENCE_TEXT = 500;
