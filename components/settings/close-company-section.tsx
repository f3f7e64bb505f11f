'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useProfile } from '@/components/session/profile-provider';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton } from '@/components/ui/form';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toasts';
import { hasLevel } from '@/lib/auth/roles';
import type { Role } from '@/lib/generated/prisma/enums';
import { settingsApi } from './settings-api';

/**
 * Closing the company (owner or super admin): confirmed by typing its name. It disappears for every member at once and
 * is deleted for good 30 days later.
 */
export function CloseCompanySection({ name, role }: { name: string; role: string | null }) {
  const t = useTranslations('companySettings.close');
  const tErrors = useTranslations('companySettings.errorTitles');
  const dialogs = useDialogs();
  const toast = useToast();
  const router = useRouter();
  const profile = useProfile();
  const [busy, setBusy] = useState(false);
  if (role === null || !hasLevel(role as Role, 'superAdmin')) return null;

  async function close() {
    const confirmed = await dialogs.text({
      type: 'error',
      title: t('confirmTitle'),
      message: t('confirmMessage', { name }),
      confirmLabel: t('confirm'),
      cancelLabel: t('cancel'),
      verificationPhrase: name,
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await settingsApi.closeCompany(name);
      toast(t('done', { name }));
      profile.reload();
      router.push('/');
    } catch (error) {
      setBusy(false);
      await dialogs.error(tErrors('close'), t('errorMessage'), error);
    }
  }

  return (
    <SectionCard id="close-company" title={t('heading')} intro={t('intro')}>
      <div>
        <BusyButton className="button danger" onClick={() => void close()} disabled={busy} busy={busy}>
          {t('button')}
        </BusyButton>
      </div>
    </SectionCard>
  );
}
