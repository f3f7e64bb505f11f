'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import { useProfile } from '@/components/session/profile-provider';
import { useDialogs } from '@/components/ui/dialogs';
import { ApiCallError } from '@/lib/http/client';

/** The spec §8 titles of the members screen, by the operation that failed. */
export type MemberOperation = 'add' | 'update' | 'remove' | 'restore';

export const isSeatLimit = (error: unknown) => error instanceof ApiCallError && error.code === 'seatLimit';

/** The spec's seat exhaustion message (§5): extra seats or sales; the free plan names its limit. */
/** The seats card of the company settings, where the owner adds extra seats. */
export const SEATS_SETTINGS_HREF = '/company/settings#seats-heading';

export function useSeatLimitMessage(): string {
  const t = useTranslations('members.seatLimit');
  const { state } = useProfile();
  const customer = state.status === 'loaded' ? state.me.customer : null;
  return customer?.plan === 'free' ? t('freeMessage', { max: customer.maxUsers }) : t('message');
}

/**
 * Shows why a members call failed: the seat exhaustion message for `seatLimit`, else the error dialog with the
 * operation's title and the server's messages.
 */
export function useMemberErrors() {
  const t = useTranslations('members.errors');
  const tSeats = useTranslations('members.seatLimit');
  const dialogs = useDialogs();
  const seatMessage = useSeatLimitMessage();

  const showSeatLimit = useCallback(
    () =>
      dialogs
        .text({
          type: 'warning',
          title: tSeats('title'),
          message: seatMessage,
          link: { href: SEATS_SETTINGS_HREF, label: tSeats('settingsLink') },
        })
        .then(() => undefined),
    [dialogs, tSeats, seatMessage],
  );

  const report = useCallback(
    (operation: MemberOperation, error: unknown): Promise<void> => {
      if (isSeatLimit(error)) return showSeatLimit();
      return dialogs.error(t(`${operation}.title`), t(`${operation}.message`), error);
    },
    [dialogs, t, showSeatLimit],
  );

  return useMemo(() => ({ report, showSeatLimit }), [report, showSeatLimit]);
}
