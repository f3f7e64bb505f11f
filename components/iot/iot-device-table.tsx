'use client';

import { useTranslations } from 'next-intl';
import { DataTable } from '@/components/ui/data-table';
import { formatDateTime } from '@/components/ui/format-date';
import { IconButton } from '@/components/ui/icon-button';
import { EditIcon, ListIcon, LockIcon, TrashIcon } from '@/components/ui/icons';
import type { IotDevice } from './iot-api';
import { ACTIONS, PressResult } from './iot-texts';
import styles from './iot.module.css';

interface IotDeviceTableProps {
  devices: IotDevice[];
  /** The button being deleted or given a new code. */
  busyId: string | null;
  onEdit: (device: IotDevice) => void;
  onRegenerate: (device: IotDevice) => void;
  onShowPresses: (device: IotDevice) => void;
  onDelete: (device: IotDevice) => void;
}

/** The buttons by name: the code's first characters, the scenario of each action, the last press, and what to do. */
export function IotDeviceTable({
  devices,
  busyId,
  onEdit,
  onRegenerate,
  onShowPresses,
  onDelete,
}: IotDeviceTableProps) {
  const t = useTranslations('iotDevices');
  const columns = {
    name: t('columns.name'),
    code: t('columns.code'),
    ...Object.fromEntries(ACTIONS.map(({ action }) => [action, t(`actions.${action}`)])),
    lastPress: t('columns.lastPress'),
    manage: t('columns.manage'),
  };
  return (
    <DataTable columns={Object.values(columns)} caption={t('title')} stacked>
      {devices.map((device) => {
        const last = device.presses[0];
        return (
          <tr key={device.id} data-device-id={device.id}>
            <th scope="row" data-label={columns.name} className={styles.name}>
              {device.name}
            </th>
            <td data-label={columns.code}>
              <code className={styles.code}>{t('codePrefix', { prefix: device.codePrefix })}</code>
            </td>
            {ACTIONS.map(({ action, scenarioOf }) => (
              <td key={action} data-label={t(`actions.${action}`)}>
                {scenarioOf(device)?.name ?? <span className="muted">{t('nothing')}</span>}
              </td>
            ))}
            <td data-label={columns.lastPress}>
              {last ? (
                <>
                  <time dateTime={last.at}>{formatDateTime(last.at)}</time>
                  <span className={`muted ${styles.lastResult}`}>
                    {t(`actions.${last.action}`)}: <PressResult press={last} />
                  </span>
                </>
              ) : (
                <span className="muted">{t('never')}</span>
              )}
            </td>
            <td data-label={columns.manage}>
              <div className={styles.rowActions}>
                <IconButton
                  label={t('editDevice', { name: device.name })}
                  title={t('edit')}
                  onClick={() => onEdit(device)}
                >
                  <EditIcon />
                </IconButton>
                <IconButton
                  label={t('pressesOf', { name: device.name })}
                  title={t('presses.open')}
                  onClick={() => onShowPresses(device)}
                >
                  <ListIcon />
                </IconButton>
                <IconButton
                  label={t('regenerateFor', { name: device.name })}
                  title={t('regenerate.open')}
                  onClick={() => onRegenerate(device)}
                  disabled={busyId === device.id}
                >
                  <LockIcon />
                </IconButton>
                <IconButton
                  label={t('deleteDevice', { name: device.name })}
                  title={t('delete')}
                  onClick={() => onDelete(device)}
                  disabled={busyId === device.id}
                >
                  <TrashIcon />
                </IconButton>
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
