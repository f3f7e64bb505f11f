'use client';

import QRCode from 'qrcode';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import styles from './responder.module.css';

/** The responder's address on this server, as the browser reaches it. */
function useResponderUrl(): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => setUrl(`${window.location.origin}/r`), []);
  return url;
}

/**
 * Where people get alerts on their phone: the responder's address, as a QR code to scan with the phone's camera and as
 * a link to copy (profile, members screen).
 */
export function ResponderLink() {
  const t = useTranslations('responder.link');
  const url = useResponderUrl();
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    if (!url) return;
    let current = true;
    QRCode.toDataURL(url, { margin: 1, width: 176, errorCorrectionLevel: 'M' }).then(
      (data) => current && setQr(data),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [url]);

  if (!url) return null;
  return (
    <div className={styles.linkBox}>
      {qr && <img src={qr} width={176} height={176} alt={t('qrAlt', { url })} className={styles.qr} />}
      <div className={styles.linkText}>
        <p>{t('scan')}</p>
        <p>
          <a href={url}>{url}</a>
        </p>
        <CopyButton
          value={url}
          label={t('copyLabel')}
          texts={{ copy: t('copy'), copied: t('copied'), failed: t('copyFailed') }}
        />
      </div>
    </div>
  );
}
