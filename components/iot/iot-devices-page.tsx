'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { ListPage, listPageTexts, NewItemButton, useListItemDelete } from '@/components/ui/list-page';
import { useApiData } from '@/components/ui/use-api-data';
import { iotApi, iotDevicesQuery, scenarioChoicesQuery, type IotDevice, type PairingCode } from './iot-api';
import { IotDeviceDialog } from './iot-device-dialog';
import { IotDeviceTable } from './iot-device-table';
import { PairingDialog } from './pairing-dialog';
import { PressLogDialog } from './press-log-dialog';
import styles from './iot.module.css';

const byName = (a: IotDevice, b: IotDevice) => a.name.localeCompare(b.name);

type Open =
  | { dialog: 'create' }
  | { dialog: 'edit'; device: IotDevice }
  | { dialog: 'pairing'; device: IotDevice; pairing: PairingCode }
  | { dialog: 'presses'; device: IotDevice }
  | null;

/**
 * /automation/iotDevices (spec §2): the company's Flic buttons with what each action starts and the last press; add one
 * (then the request to configure on its hub, the code shown this once), edit, regenerate its code, delete, see its presses.
 */
export function IotDevicesPage() {
  const t = useTranslations('iotDevices');
  const dialogs = useDialogs();
  const reportLoadError = (error: unknown) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error);
  const { state, reload, setData } = useApiData(iotDevicesQuery, reportLoadError);
  const scenarios = useApiData(scenarioChoicesQuery, reportLoadError);
  const [open, setOpen] = useState<Open>(null);
  const [regeneratingId, setRegeneratingId] = useState<string | null>(null);

  const devices = state.status === 'loaded' ? state.data.items : [];
  const replace = (next: IotDevice[]) => setData({ items: [...next].sort(byName) });
  const put = (device: IotDevice) => replace([...devices.filter((other) => other.id !== device.id), device]);

  const { deletingId, confirmAndDelete } = useListItemDelete<IotDevice>({
    t,
    idOf: (device) => device.id,
    nameOf: (device) => device.name,
    remove: (device) => iotApi.remove(device.id),
    onDeleted: (device) => replace(devices.filter((other) => other.id !== device.id)),
  });

  async function regenerate(device: IotDevice) {
    const confirmed = await dialogs.text({
      type: 'warning',
      title: t('regenerate.title', { name: device.name }),
      message: t('regenerate.message'),
      confirmLabel: t('regenerate.confirm'),
      cancelLabel: t('cancel'),
    });
    if (!confirmed) return;
    setRegeneratingId(device.id);
    try {
      const pairing = await iotApi.pairingCode();
      const saved = await iotApi.save(device.id, {
        name: device.name,
        clickScenarioId: device.clickScenario?.id ?? null,
        holdScenarioId: device.holdScenario?.id ?? null,
        doubleClickScenarioId: device.doubleClickScenario?.id ?? null,
        code: pairing.code,
      });
      put(saved);
      setOpen({ dialog: 'pairing', device: saved, pairing });
    } catch (error) {
      await dialogs.error(t('regenerate.errorTitle'), t('regenerate.errorMessage'), error);
    } finally {
      setRegeneratingId(null);
    }
  }

  return (
    <ListPage
      {...listPageTexts(t)}
      state={state}
      onRetry={reload}
      isEmpty={(data) => data.items.length === 0}
      mainAction={<NewItemButton label={t('newDevice')} onClick={() => setOpen({ dialog: 'create' })} />}
      dialog={
        <>
          {(open?.dialog === 'create' || open?.dialog === 'edit') && (
            <IotDeviceDialog
              device={open.dialog === 'edit' ? open.device : undefined}
              scenarios={scenarios.state.status === 'loaded' ? scenarios.state.data.items : []}
              onSaved={(device, pairing) => {
                put(device);
                setOpen(pairing ? { dialog: 'pairing', device, pairing } : null);
              }}
              onClose={() => setOpen(null)}
            />
          )}
          {open?.dialog === 'pairing' && (
            <PairingDialog device={open.device} pairing={open.pairing} onClose={() => setOpen(null)} />
          )}
          {open?.dialog === 'presses' && <PressLogDialog device={open.device} onClose={() => setOpen(null)} />}
        </>
      }
    >
      {() => (
        <section className={`card ${styles.tableCard}`} aria-label={t('title')}>
          <IotDeviceTable
            devices={devices}
            busyId={deletingId ?? regeneratingId}
            onEdit={(device) => setOpen({ dialog: 'edit', device })}
            onRegenerate={(device) => void regenerate(device)}
            onShowPresses={(device) => setOpen({ dialog: 'presses', device })}
            onDelete={confirmAndDelete}
          />
        </section>
      )}
    </ListPage>
  );
}
