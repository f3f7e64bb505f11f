'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import styles from './eula-dialog.module.css';

const SECTIONS = ['parties', 'use', 'emergency', 'data', 'security', 'plans', 'liability'] as const;

/** The end user agreement to read before accepting it at sign-up; Escape, the backdrop or the button close it. */
export function EulaDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations('signup.eula');
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog ${styles.eula}`}
      aria-labelledby="eula-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className={styles.body}>
        <h2 id="eula-title">{t('title')}</h2>
        <p className="muted">{t('intro')}</p>
        {SECTIONS.map((section, index) => (
          <section key={section}>
            <h3>
              {index + 1}. {t(`${section}.title`)}
            </h3>
            <p>{t(`${section}.body`)}</p>
          </section>
        ))}
      </div>
      <div className={`dialog-actions ${styles.actions}`}>
        <button type="button" className="button primary" onClick={onClose} autoFocus>
          {t('close')}
        </button>
      </div>
    </dialog>
  );
}
