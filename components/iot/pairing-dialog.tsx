'use client';

import { useTranslations } from 'next-intl';
import { CopyButton } from '@/components/ui/copy-button';
import { ContentDialog } from '@/components/ui/content-dialog';
import { PublicUrlWarning } from '@/components/ui/public-url-warning';
import { IOT_EVENTS_PATH } from '@/lib/iot/iot-events-path';
import type { IotDevice, PairingCode } from './iot-api';
import styles from './iot.module.css';

/**
 * After adding a button or regenerating its code: the request its Flic Hub must send (docs/flic.md), the URL on the
 * server's public address (else this page's), the two headers, each with a copy button. The code is shown this once.
 * A warning under them when the hub cannot reach the server's public address (loopback, plain http, unset).
 */
export function PairingDialog({
  device,
  pairing,
  onClose,
}: {
  device: IotDevice;
  pairing: PairingCode;
  onClose: () => void;
}) {
  const t = useTranslations('iotDevices.pairing');
  const copyTexts = { copy: t('copy'), copied: t('copied'), failed: t('copyFailed') };
  const url = pairing.eventsUrl ?? `${window.location.origin}${IOT_EVENTS_PATH}`;
  const rows = [
    { key: 'url', label: t('url'), value: url, copy: url },
    { key: 'method', label: t('method'), value: 'POST' },
    { key: 'action', label: t('actionHeader'), value: 'action: click', hint: t('actionHint'), copy: 'click' },
    { key: 'code', label: t('codeHeader'), value: `code: ${pairing.code}`, copy: pairing.code },
  ];
  return (
    <ContentDialog
      id="pairing"
      title={t('title', { name: device.name })}
      intro={t('intro')}
      closeLabel={t('done')}
      onClose={onClose}
      primary
      className={styles.pairingDialog}
    >
      <dl className={styles.pairingList}>
        {rows.map((row) => (
          <div key={row.key} className={styles.pairingRow} data-pairing={row.key}>
            <dt>{row.label}</dt>
            <dd>
              <code className="copy-value">{row.value}</code>
              {row.copy && (
                <CopyButton value={row.copy} label={t('copyLabel', { what: row.label })} texts={copyTexts} />
              )}
              {row.hint && <p className={`muted ${styles.pairingHint}`}>{row.hint}</p>}
            </dd>
          </div>
        ))}
      </dl>
      <PublicUrlWarning problem={pairing.publicUrlProblem} />
      <p className={styles.onceWarning} role="note">
        {t('once')}
      </p>
    </ContentDialog>
  );
}
