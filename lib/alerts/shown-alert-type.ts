import type { AlertType } from '@/lib/generated/prisma/enums';

/** Spec §3 Alert (list): the plain alert is shown as urgentAlert, the rest under their own names. */
export function shownAlertType(type: AlertType): string {
  return type === 'alert' ? 'urgentAlert' : type;
}
