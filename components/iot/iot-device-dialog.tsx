'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { useFieldRules } from '@/components/ui/field-rules';
import { SelectField, TextField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { useToast } from '@/components/ui/toasts';
import { ApiCallError } from '@/lib/http/client';
import { iotApi, type IotDevice, type IotDeviceChange, type PairingCode, type ScenarioChoice } from './iot-api';
import { ACTIONS } from './iot-texts';
import styles from './iot.module.css';

/** As the API allows (lib/iot/iot-device-fields.ts). */
const MAX_NAME = 100;

type Mapping = Record<(typeof ACTIONS)[number]['field'], string>;

/**
 * The dialog that adds a button (no `device`: a pairing code is fetched and given to it, and handed to `onSaved` to be
 * shown once) or changes one: its name and the scenario each action starts ("Nothing" is allowed).
 */
export function IotDeviceDialog({
  device,
  scenarios,
  onSaved,
  onClose,
}: {
  device?: IotDevice;
  scenarios: ScenarioChoice[];
  onSaved: (device: IotDevice, pairing: PairingCode | null) => void;
  onClose: () => void;
}) {
  const t = useTranslations('iotDevices');
  const rules = useFieldRules();
  const dialogs = useDialogs();
  const toast = useToast();
  const [name, setName] = useState(device?.name ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  const [mapping, setMapping] = useState<Mapping>({
    clickScenarioId: device?.clickScenario?.id ?? '',
    holdScenarioId: device?.holdScenario?.id ?? '',
    doubleClickScenarioId: device?.doubleClickScenario?.id ?? '',
  });
  const [busy, setBusy] = useState(false);
  const editing = device !== undefined;
  const scenarioOptions = [
    { value: '', label: t('nothing') },
    ...scenarios.map((scenario) => ({ value: scenario.id, label: scenario.name })),
  ];

  async function save(event: FormEvent) {
    event.preventDefault();
    const error = rules.text(t('form.name'), name);
    setNameError(error);
    if (error) return;
    setBusy(true);
    const change: IotDeviceChange = {
      name: name.trim(),
      clickScenarioId: mapping.clickScenarioId || null,
      holdScenarioId: mapping.holdScenarioId || null,
      doubleClickScenarioId: mapping.doubleClickScenarioId || null,
    };
    try {
      if (editing) {
        const saved = await iotApi.save(device.id, change);
        toast(t('form.saved', { name: saved.name }));
        onSaved(saved, null);
      } else {
        const pairing = await iotApi.pairingCode();
        const saved = await iotApi.save(crypto.randomUUID(), { ...change, code: pairing.code });
        toast(t('form.created', { name: saved.name }));
        onSaved(saved, pairing);
      }
    } catch (failure) {
      const gone = failure instanceof ApiCallError && failure.status === 404;
      await dialogs.error(t('form.saveErrorTitle'), t(gone ? 'form.scenarioGone' : 'form.saveErrorMessage'), failure, {
        explained: gone,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      id="iot-device-dialog"
      title={t(editing ? 'form.editTitle' : 'form.createTitle')}
      intro={t('form.intro')}
      onSubmit={save}
      onClose={onClose}
      submitLabel={t(editing ? 'form.save' : 'form.create')}
      cancelLabel={t('cancel')}
      busy={busy}
    >
      <TextField
        label={t('form.name')}
        name="name"
        value={name}
        onChange={setName}
        error={nameError}
        required
        autoComplete="off"
        maxLength={MAX_NAME}
        autoFocus
      />
      <fieldset className={styles.actionsField}>
        <legend>{t('form.actionsLegend')}</legend>
        {ACTIONS.map(({ action, field }) => (
          <SelectField
            key={action}
            id={`iot-${field}`}
            label={t(`form.scenarioFor.${action}`)}
            name={field}
            value={mapping[field]}
            onChange={(scenarioId) => setMapping((current) => ({ ...current, [field]: scenarioId }))}
            options={scenarioOptions}
          />
        ))}
        {scenarios.length === 0 && <p className="muted">{t('form.noScenarios')}</p>}
      </fieldset>
    </FormDialog>
  );
}
