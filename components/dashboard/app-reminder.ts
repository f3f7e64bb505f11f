/** Spec §2 Dashboard: the reminder card shows when more than this share of the users have no device. */
export const REMINDER_SHARE = 0.2;

export function needsAppReminder(usersWithoutDevices: number | null, usersCount: number): boolean {
  return usersWithoutDevices !== null && usersCount > 0 && usersWithoutDevices / usersCount > REMINDER_SHARE;
}
