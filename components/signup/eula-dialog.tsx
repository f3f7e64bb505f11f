'use client';

import { useTranslations } from 'next-intl';
import { Modal } from '@/components/ui/dialogs';
import styles from './eula-dialog.module.css';

const SECTIONS = ['parties', 'use', 'emergency', 'data', 'security', 'plans', 'liability'] as const;

/** The end user agreement to read before accepting it at sign-up; Escape, the backdrop or the button close it. */
export function EulaDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations('signup.eula');
  return (
    <Modal className={styles.eula} labelledBy="eula-title" onDismiss={onClose}>
      <div className={`dialog-content ${styles.body}`}>
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
    </Modal>
  );
}
