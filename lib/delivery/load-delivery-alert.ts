import { storedResponseOptions, type ResponseOption } from '@/lib/answers/response-options';
import type { DbClient } from '@/lib/db';
import type { AlertType, Channel, Plan } from '@/lib/generated/prisma/enums';

/** What the delivery worker needs of an alert. */
export interface DeliveryAlert {
  id: string;
  companyId: string;
  type: AlertType;
  title: string;
  message: string;
  channels: Channel[];
  sentAt: Date;
  plan: Plan;
  responseOptions: ResponseOption[];
}

/** The alert if it is active (a draft, a closed or a deleted alert is not delivered any more). */
export async function loadDeliveryAlert(db: DbClient, alertId: string): Promise<DeliveryAlert | null> {
  const alert = await db.alert.findFirst({
    where: { id: alertId, status: 'active', sentAt: { not: null } },
    select: {
      id: true,
      companyId: true,
      type: true,
      title: true,
      message: true,
      channels: true,
      sentAt: true,
      responseOptions: true,
      company: { select: { plan: true } },
    },
  });
  if (!alert?.sentAt) return null;
  const { company, sentAt, responseOptions, ...rest } = alert;
  return { ...rest, sentAt, plan: company.plan, responseOptions: storedResponseOptions(responseOptions) };
}

/** Spec §1: the fallback SMS is for paying customers only. */
export function planHasFallbackSms(plan: Plan): boolean {
  return plan !== 'free';
}

/** An alert sent by push on a paying plan: whoever the push does not reach gets an SMS (dispatch-alert.ts says when). */
export function hasFallbackSms(alert: Pick<DeliveryAlert, 'plan' | 'channels'>): boolean {
  return planHasFallbackSms(alert.plan) && alert.channels.includes('push');
}
