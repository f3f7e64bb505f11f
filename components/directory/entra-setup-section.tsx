'use client';

import { useTranslations } from 'next-intl';
import { CopyButton } from '@/components/ui/copy-button';
import { PublicUrlWarning } from '@/components/ui/public-url-warning';
import { SectionCard } from '@/components/ui/section-card';
import type { PublicUrlProblem } from '@/lib/http-parts/public-url';
import styles from './directory.module.css';

/** The steps in the Microsoft Entra admin center, in order (keys of directory.setup.steps). */
const SETUP_STEPS = [
  'enterpriseApps',
  'newApplication',
  'createOwn',
  'provisioning',
  'automatic',
  'credentials',
  'testConnection',
  'mappings',
  'start',
] as const;

/**
 * How to connect Entra ID: the Tenant URL to paste (this installation's SCIM address, with a copy button) and the
 * numbered steps in the Microsoft Entra admin center, from a new enterprise application to starting provisioning. A
 * warning when Entra cannot use the address (`problem`, from the server's PUBLIC_URL).
 */
export function EntraSetupSection({ tenantUrl, problem }: { tenantUrl: string; problem: PublicUrlProblem | null }) {
  const t = useTranslations('directory.setup');
  const copyTexts = { copy: t('copy'), copied: t('copied'), failed: t('copyFailed') };
  return (
    <SectionCard id="entra-setup" title={t('heading')} intro={t('intro')}>
      <dl className={styles.tenant}>
        <dt>{t('tenantUrl')}</dt>
        <dd className={styles.secretRow}>
          <code className="copy-value" data-testid="tenant-url">
            {tenantUrl}
          </code>
          <CopyButton value={tenantUrl} label={t('copyTenantUrl')} texts={copyTexts} />
        </dd>
      </dl>
      <PublicUrlWarning problem={problem} />
      <ol className={styles.steps}>
        {SETUP_STEPS.map((step) => (
          <li key={step}>{t.rich(`steps.${step}`, { strong: (chunks) => <strong>{chunks}</strong> })}</li>
        ))}
      </ol>
    </SectionCard>
  );
}
