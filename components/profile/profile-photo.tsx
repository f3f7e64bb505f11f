'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState, type ChangeEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { initials } from '@/components/ui/person';
import { useToast } from '@/components/ui/toasts';
import { uploadFile } from '@/components/ui/upload-file';
import { profileApi } from './profile-api';
import styles from './profile.module.css';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** The photo (click: a larger preview), upload through a signed link, and removal. */
export function ProfilePhoto({
  name,
  photo,
  onChange,
}: {
  name: string;
  photo: string | null;
  onChange: (photo: string | null) => void;
}) {
  const t = useTranslations('profile.photo');
  const dialogs = useDialogs();
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const alt = t('alt', { name });

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type)) {
      await dialogs.text({ type: 'error', title: t('uploadErrorTitle'), message: t('wrongType') });
      return;
    }
    setBusy(true);
    try {
      const link = await profileApi.photoUploadLink(file.type);
      if (file.size > link.maxBytes) {
        await dialogs.text({
          type: 'error',
          title: t('uploadErrorTitle'),
          message: t('tooLarge', { megabytes: Math.floor(link.maxBytes / (1024 * 1024)) }),
        });
        return;
      }
      await uploadFile(link, file);
      const saved = await profileApi.savePhoto(link.key);
      onChange(saved.profilePhoto);
      toast(t('uploaded'));
    } catch (error) {
      await dialogs.error(t('uploadErrorTitle'), t('uploadErrorMessage'), error);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await profileApi.removePhoto();
      onChange(null);
      toast(t('removed'));
    } catch (error) {
      await dialogs.error(t('removeErrorTitle'), t('removeErrorMessage'), error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.photo}>
      {photo ? (
        <button
          type="button"
          className={styles.avatarButton}
          onClick={() => dialogs.image(photo, alt)}
          aria-label={t('view')}
        >
          {}
          <img src={photo} alt={alt} className={styles.avatar} />
        </button>
      ) : (
        <span className={`${styles.avatar} ${styles.initials}`} aria-hidden="true">
          {initials(name)}
        </span>
      )}
      <div className={styles.photoActions}>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPTED_TYPES.join(',')}
          className={styles.fileInput}
          onChange={upload}
          tabIndex={-1}
          aria-hidden="true"
          data-testid="photo-file"
        />
        <button
          type="button"
          className={`button ${styles.compact}`}
          onClick={() => fileInput.current?.click()}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {photo ? t('change') : t('upload')}
        </button>
        {photo && (
          <button type="button" className={`button ghost ${styles.compact}`} onClick={remove} disabled={busy}>
            {t('remove')}
          </button>
        )}
      </div>
    </div>
  );
}
