'use client';

import { useTranslations } from 'next-intl';
import type { PublicUrlProblem } from '@/lib/http-parts/public-url';

/**
 * Beside an address the product hands to a person or an outside system (a Flic hub's URL, Entra's Tenant URL or
 * redirect URI): why it will not work, as the server says (publicUrlProblem), and how to set PUBLIC_URL. Nothing when
 * the address is usable.
 */
export function PublicUrlWarning({ problem }: { problem: PublicUrlProblem | null }) {
  const t = useTranslations('publicUrl');
  if (!problem) return null;
  return (
    <div className="notice warning" role="note" data-testid="public-url-warning">
      <p>
        <strong>{t(problem)}</strong> {t('fix')}
      </p>
    </div>
  );
}
