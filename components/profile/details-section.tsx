'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ManagedBadge } from '@/components/directory/managed-badge';
import { MIN_NAME_LENGTH, useFieldRules } from '@/components/ui/field-rules';
import { formatPhone } from '@/components/ui/phone-number';
import { useDialogs } from '@/components/ui/dialogs';
import { SubmitButton, TextField } from '@/components/ui/form';
import { useToast } from '@/components/ui/toasts';
import type { Me, UpdateUser } from '@/components/session/me';
import { profileApi } from './profile-api';
import { ProfilePhoto } from './profile-photo';
import { ProfileSection } from './profile-section';
import styles from './profile.module.css';

/** Name (editable), e-mail and phone (read-only), photo and the way to change the password. */
export function DetailsSection({ me, updateUser }: { me: Me; updateUser: UpdateUser }) {
  const t = useTranslations('profile.details');
  const { user } = me;
  return (
    <ProfileSection id="details" title={t('heading')} description={t('intro')}>
      <div className={styles.details}>
        <ProfilePhoto
          name={user.name}
          photo={user.profilePhoto}
          onChange={(profilePhoto) => updateUser({ profilePhoto })}
        />
        <dl className={styles.facts}>
          {user.nameManaged ? (
            <ManagedNameRow name={user.name} />
          ) : (
            <NameRow name={user.name} onSaved={(name) => updateUser({ name })} />
          )}
          <div className={styles.fact}>
            <dt>{t('email')}</dt>
            <dd className={styles.breakable}>{user.email}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('phone')}</dt>
            <dd>{user.phone ? formatPhone(user.phone) : <span className="muted">{t('noPhone')}</span>}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('password')}</dt>
            <dd>
              <Link href="/setNewPassword">{t('changePassword')}</Link>
            </dd>
          </div>
        </dl>
      </div>
    </ProfileSection>
  );
}

/** The name a directory provides: shown with where to change it, no edit button. */
function ManagedNameRow({ name }: { name: string }) {
  const t = useTranslations('profile.details');
  return (
    <div className={styles.fact}>
      <dt>{t('name')}</dt>
      <dd>
        <span className={styles.breakable}>{name}</span> <ManagedBadge />
        <p className="muted" data-testid="name-managed">
          {t('nameManaged')}
        </p>
      </dd>
    </div>
  );
}

function NameRow({ name, onSaved }: { name: string; onSaved: (name: string) => void }) {
  const t = useTranslations('profile.details');
  const dialogs = useDialogs();
  const toast = useToast();
  const rules = useFieldRules();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (draft === null) return;
    const problem = rules.text(t('name'), draft, MIN_NAME_LENGTH);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const saved = await profileApi.rename(draft.trim());
      onSaved(saved.name);
      setDraft(null);
      toast(t('nameSaved'));
    } catch (failure) {
      await dialogs.error(t('nameErrorTitle'), t('nameErrorMessage'), failure);
    } finally {
      setBusy(false);
    }
  }

  if (draft === null) {
    return (
      <div className={styles.fact}>
        <dt>{t('name')}</dt>
        <dd className={styles.factWithAction}>
          <span className={styles.breakable}>{name}</span>
          <button
            type="button"
            className={`button ghost ${styles.compact}`}
            onClick={() => {
              setDraft(name);
              setError(undefined);
            }}
          >
            {t('editName')}
          </button>
        </dd>
      </div>
    );
  }
  return (
    <div className={styles.fact}>
      <dt className={styles.hiddenTerm}>{t('name')}</dt>
      <dd>
        <form className={styles.inlineForm} onSubmit={save} noValidate>
          <TextField
            label={t('name')}
            name="name"
            value={draft}
            onChange={(value) => {
              setDraft(value);
              setError(undefined);
            }}
            autoComplete="name"
            required
            autoFocus
            error={error}
          />
          <div className={styles.inlineActions}>
            <button type="button" className="button" onClick={() => setDraft(null)} disabled={busy}>
              {t('cancel')}
            </button>
            <SubmitButton busy={busy}>{t('save')}</SubmitButton>
          </div>
        </form>
      </dd>
    </div>
  );
}
