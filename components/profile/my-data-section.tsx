'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { LOGGED_OUT_PATH } from '@/components/session/paths';
import { useDialogs } from '@/components/ui/dialogs';
import { saveFile } from '@/components/ui/save-file';
import { BusyButton } from '@/components/ui/form';
import { ApiCallError, session } from '@/lib/http/client';
import { profileApi } from './profile-api';
import { ProfileSection } from './profile-section';
import styles from './profile.module.css';

const DELETE_ERROR_TEXT: Record<string, { title: string; message: string }> = {
  verification: { title: 'verificationTitle', message: 'verificationMessage' },
  soleOwner: { title: 'soleOwnerTitle', message: 'soleOwnerMessage' },
};

/** "My Data" (spec §1): download everything stored about the user, or delete the account. */
export function MyDataSection({ email }: { email: string }) {
  const t = useTranslations('profile.myData');
  const dialogs = useDialogs();
  const [busy, setBusy] = useState<'download' | 'delete' | null>(null);

  async function download() {
    setBusy('download');
    try {
      const { blob, fileName } = await profileApi.downloadMyData();
      saveFile(blob, fileName ?? 'tocsin-my-data.json');
    } catch (error) {
      await dialogs.error(t('downloadErrorTitle'), t('downloadErrorMessage'), error);
    } finally {
      setBusy(null);
    }
  }

  async function deleteAccount() {
    const confirmed = await dialogs.text({
      type: 'warning',
      title: t('deleteDialogTitle'),
      message: t('deleteDialogMessage'),
      confirmLabel: t('deleteConfirm'),
      cancelLabel: t('cancel'),
      verificationPhrase: email,
    });
    if (!confirmed) return;
    setBusy('delete');
    try {
      await profileApi.deleteAccount(email);
      session.clear();
      window.location.assign(LOGGED_OUT_PATH);
    } catch (error) {
      setBusy(null);
      const text = (error instanceof ApiCallError && error.code && DELETE_ERROR_TEXT[error.code]) || {
        title: 'deleteErrorTitle',
        message: 'deleteErrorMessage',
      };
      await dialogs.error(t(text.title), t(text.message), error);
    }
  }

  return (
    <ProfileSection id="my-data" title={t('heading')} description={t('intro')}>
      <div className={styles.dataRows}>
        <DataRow heading={t('downloadHeading')} text={t('downloadText')}>
          <BusyButton className="button" onClick={download} disabled={busy !== null} busy={busy === 'download'}>
            {t('download')}
          </BusyButton>
        </DataRow>
        <DataRow heading={t('deleteHeading')} text={t('deleteText')} danger>
          <BusyButton
            className="button danger"
            onClick={deleteAccount}
            disabled={busy !== null}
            busy={busy === 'delete'}
          >
            {t('delete')}
          </BusyButton>
        </DataRow>
      </div>
    </ProfileSection>
  );
}

/** One thing to do with the user's data: what it is, and its button. */
function DataRow({
  heading,
  text,
  danger = false,
  children,
}: {
  heading: string;
  text: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={danger ? `${styles.dataRow} ${styles.danger}` : styles.dataRow}>
      <div>
        <h3>{heading}</h3>
        <p className="muted">{text}</p>
      </div>
      {children}
    </div>
  );
}
