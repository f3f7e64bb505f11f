'use client';

import { useTranslations } from 'next-intl';
import { useProfile } from '@/components/session/profile-provider';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { ResponderLink } from '@/components/responder/responder-link';
import { CompanyList } from './company-list';
import { DetailsSection } from './details-section';
import { MyDataSection } from './my-data-section';
import { ProfileSection } from './profile-section';
import { SosListSection } from './sos-list-section';
import { TwoFactorSection } from './two-factor-section';
import styles from './profile.module.css';

/** The user's own page (spec §2 /profile): details and photo, companies, SOS list, two-factor authentication, My Data. */
export function ProfilePage() {
  const t = useTranslations('profile');
  const tCompanies = useTranslations('companies');
  // The console shell sends visitors without a login to /login first.
  const { state, reload, updateUser } = useProfile();
  return (
    <main className={styles.page}>
      <div className={styles.intro}>
        <h1>{t('heading')}</h1>
        <p className="muted">{t('intro')}</p>
      </div>
      {state.status === 'loading' && <Loading label={t('loading')} className={styles.loading} />}
      {state.status === 'failed' && (
        <LoadFailed message={t('loadErrorMessage')} onRetry={reload} className={`card ${styles.section}`} />
      )}
      {state.status === 'loaded' && (
        <div className={styles.sections}>
          <DetailsSection me={state.me} updateUser={updateUser} />
          <ProfileSection id="responder" title={t('responderHeading')} description={t('responderIntro')}>
            <ResponderLink />
          </ProfileSection>
          <ProfileSection id="companies" title={tCompanies('heading')} description={tCompanies('intro')}>
            <CompanyList current={state.me.customer?.customerId ?? null} companies={state.me.customers} />
          </ProfileSection>
          {/* The SOS list belongs to a company: keyed so that it reloads when the company changes. */}
          {state.me.customer && (
            <SosListSection key={state.me.customer.customerId} companyName={state.me.customer.customerName} />
          )}
          <TwoFactorSection enabled={state.me.user.use2FA} onChange={(use2FA) => updateUser({ use2FA })} />
          <MyDataSection email={state.me.user.email} />
        </div>
      )}
    </main>
  );
}
