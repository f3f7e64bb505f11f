'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useIsAdmin } from '@/components/session/use-is-admin';

/** Where a plan gate's reader gets the plan: an admin asks on the settings screen (Contact sales), others ask an admin. */
export function HowToGetPlan() {
  const t = useTranslations('companySettings.getPlan');
  const admin = useIsAdmin() === true;
  return admin ? (
    <p className="small" data-testid="how-to-get-plan">
      {t.rich('admin', { link: (chunks) => <Link href="/company/settings#seats">{chunks}</Link> })}
    </p>
  ) : (
    <p className="small muted" data-testid="how-to-get-plan">
      {t('member')}
    </p>
  );
}
