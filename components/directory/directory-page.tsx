'use client';

import { useTranslations } from 'next-intl';
import { ConsolePage } from '@/components/ui/list-page';
import { DirectoryKeysSection } from './directory-keys-section';
import { EntraSetupSection } from './entra-setup-section';
import { MicrosoftSignInCard } from './microsoft-sign-in-card';
import { ProvisioningLogSection } from './provisioning-log-section';
import { ProvisioningSwitchSection } from './provisioning-switch-section';
import type { PublicUrlProblem } from '@/lib/http-parts/public-url';
import styles from './directory.module.css';

/**
 * /company/azureAd (spec §2, issue 20; admins): whether Microsoft Entra ID (Azure AD) may provision members and teams,
 * the keys its requests carry, how to set it up in the Entra admin center (with the Tenant URL), sign-in with Microsoft,
 * and the log of its requests. One card per concern, one under the other. `publicUrlProblem`: what keeps Entra from
 * using the Tenant URL (the server's PUBLIC_URL), null when nothing.
 */
export function DirectoryPage({
  tenantUrl,
  publicUrlProblem,
}: {
  tenantUrl: string;
  publicUrlProblem: PublicUrlProblem | null;
}) {
  const tRoutes = useTranslations('routes.azureAd');
  return (
    <ConsolePage title={tRoutes('title')} description={tRoutes('description')} className={styles.page}>
      <ProvisioningSwitchSection />
      <DirectoryKeysSection />
      <EntraSetupSection tenantUrl={tenantUrl} problem={publicUrlProblem} />
      <MicrosoftSignInCard />
      <ProvisioningLogSection />
    </ConsolePage>
  );
}
