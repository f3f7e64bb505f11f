'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { AttachmentView } from '@/components/alerts/alert-api';
import { useFormUploads } from '@/components/alerts/attachments/use-form-uploads';
import { FormSection } from '@/components/alerts/new-alert/form-section';
import { AttachmentsField } from '@/components/alerts/new-alert/attachments-field';
import { ChannelsField } from '@/components/alerts/new-alert/channels-field';
import { MessageFields } from '@/components/alerts/new-alert/message-fields';
import { RecipientsField } from '@/components/alerts/new-alert/recipients-field';
import { SeverityField } from '@/components/alerts/new-alert/severity-field';
import { useRecipientsLabel } from '@/components/alerts/new-alert/use-recipients-label';
import type { FormField } from '@/components/alerts/new-alert/alert-form';
import newAlertStyles from '@/components/alerts/new-alert/new-alert.module.css';
import { useProfile } from '@/components/session/profile-provider';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton, CheckboxField, TextAreaField, TextField } from '@/components/ui/form';
import { ConsolePage, ListPage } from '@/components/ui/list-page';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { useToast } from '@/components/ui/toasts';
import { useApiData } from '@/components/ui/use-api-data';
import {
  foldersQuery,
  SCENARIO_ATTACHMENTS,
  scenarioApi,
  scenarioQuery,
  type ScenarioDetail,
  type ScenarioFolder,
} from './scenario-api';
import {
  EMPTY_SCENARIO,
  NAME_LIMITS,
  SCENARIO_LIMITS,
  SCENARIO_SEVERITIES,
  scenarioFormFrom,
  scenarioProblems,
  scenarioSaveBody,
  type ScenarioForm,
} from './scenario-form';
import { SCENARIOS_SCREEN, useDeleteScenario } from './scenario-actions';
import styles from './scenarios.module.css';

/** /automation/scenarios/{id}: one scenario loaded into the form; 404 says it is not there. */
export function ScenarioEditPage({ scenarioId }: { scenarioId: string }) {
  const t = useTranslations('scenarios');
  const dialogs = useDialogs();
  const { state, reload } = useApiData(scenarioQuery(scenarioId), (error) =>
    dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );
  return (
    <ListPage
      state={state}
      title={state.status === 'loaded' ? state.data.name : t('editTitle')}
      back={{ href: SCENARIOS_SCREEN, label: t('back') }}
      loadingLabel={t('loading')}
      errorMessage={t('loadErrorMessage')}
      onRetry={reload}
      notFound={{ title: t('notFoundTitle'), description: t('notFoundDescription') }}
    >
      {(scenario) => <ScenarioEditor scenario={scenario} />}
    </ListPage>
  );
}

/** /automation/scenarios/new: an empty form. */
export function ScenarioNewPage() {
  const t = useTranslations('scenarios');
  return (
    <ConsolePage title={t('newTitle')} back={{ href: SCENARIOS_SCREEN, label: t('back') }}>
      <ScenarioEditor scenario={null} />
    </ConsolePage>
  );
}

/**
 * The scenario form: name, description and folder; the alert it sends with the /newAlert form's own fields (type,
 * texts, recipients with the map, channels, files); whether a start carries the starter's position. Saving goes back to
 * the list; a failed save says "Error Saving Scenario" with the server's reasons.
 */
function ScenarioEditor({ scenario }: { scenario: ScenarioDetail | null }) {
  const t = useTranslations('scenarios');
  const forms = useTranslations('forms');
  const newAlert = useTranslations('newAlert');
  const dialogs = useDialogs();
  const toast = useToast();
  const router = useRouter();
  const profile = useProfile();
  const voiceAllowed = profile.state.status === 'loaded' && profile.state.me.customer?.plan === 'enterprise';
  const folders = useApiData(foldersQuery, (error) => dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error));
  const [form, setForm] = useState<ScenarioForm>(() => (scenario ? scenarioFormFrom(scenario) : EMPTY_SCENARIO));
  const [savedFiles, setSavedFiles] = useState<AttachmentView[]>(scenario?.attachments ?? []);
  const { uploads, notice } = useFormUploads(SCENARIO_ATTACHMENTS);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const deleteScenario = useDeleteScenario();

  const change = (patch: Partial<ScenarioForm>) => setForm((current) => ({ ...current, ...patch }));
  const problems = attempted ? scenarioProblems(form) : {};
  const recipientsLabel = useRecipientsLabel(form);
  const labels: Record<FormField | 'name', string> = {
    name: t('fields.name'),
    title: newAlert('fields.title'),
    message: newAlert('fields.message'),
    channels: newAlert('channels.legend'),
    recipients: recipientsLabel,
  };
  function problemText(field: FormField | 'name'): string | undefined {
    const problem = problems[field];
    if (!problem) return undefined;
    return problem.rule === 'required'
      ? forms('required', { value: labels[field] })
      : forms('tooShort', { value: labels[field], min: problem.min });
  }

  async function save() {
    setAttempted(true);
    const found = scenarioProblems(form);
    const first = (['name', 'title', 'message', 'recipients', 'channels'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(first === 'name' ? 'scenario-name' : `field-${first}`)?.focus();
      return;
    }
    if (uploads.uploading) {
      await dialogs.text({
        type: 'info',
        title: newAlert('attachments.stillUploadingTitle'),
        message: newAlert('attachments.stillUploading'),
      });
      return;
    }
    setBusy(true);
    const files = [
      ...savedFiles.map((file) => ({ key: fileKey(scenario, file), name: file.name })),
      ...uploads.uploaded(),
    ];
    const body = scenarioSaveBody(form, files);
    try {
      if (scenario) await scenarioApi.update(scenario.id, body);
      else await scenarioApi.create(body);
      uploads.clear();
      toast(t('saved', { name: body.name }));
      router.push(SCENARIOS_SCREEN);
    } catch (error) {
      setBusy(false);
      await dialogs.error(t('saveErrorTitle'), t('saveErrorMessage'), error);
    }
  }

  return (
    // Not a <form>: the map's place search and the people picker are forms of their own, and forms must not nest.
    <div className={newAlertStyles.sections} role="form" aria-label={t('formLabel')}>
      <FormSection id="section-scenario" title={t('sections.scenario')}>
        <TextField
          id="scenario-name"
          label={t('fields.name')}
          name="name"
          value={form.name}
          onChange={(name) => change({ name })}
          error={problemText('name')}
          maxLength={NAME_LIMITS.max}
          autoComplete="off"
          required
        />
        <TextAreaField
          id="scenario-description"
          label={t('fields.description')}
          name="description"
          rows={2}
          maxLength={500}
          value={form.description}
          onChange={(description) => change({ description })}
        />
        <FolderSelect
          folders={folders.state.status === 'loaded' ? folders.state.data.items : null}
          failed={folders.state.status === 'failed'}
          onRetry={folders.reload}
          value={form.folderId}
          onChange={(folderId) => change({ folderId })}
        />
      </FormSection>
      <FormSection id="section-message" title={t('sections.alert')}>
        <SeverityField
          value={form.severity}
          onChange={(severity) => change({ severity })}
          options={SCENARIO_SEVERITIES}
        />
        <MessageFields
          title={form.title}
          message={form.message}
          onTitle={(title) => change({ title })}
          onMessage={(message) => change({ message })}
          titleError={problemText('title')}
          messageError={problemText('message')}
          limits={SCENARIO_LIMITS}
        />
      </FormSection>
      <FormSection id="section-recipients" title={newAlert('sections.recipients')}>
        <RecipientsField value={form} onChange={change} error={problemText('recipients')} />
      </FormSection>
      <FormSection id="section-delivery" title={newAlert('sections.delivery')}>
        <ChannelsField
          value={form.channels}
          onChange={(channels) => change({ channels })}
          voiceAllowed={voiceAllowed}
          error={problemText('channels')}
        />
        <AttachmentsField
          uploads={uploads}
          saved={savedFiles}
          notice={notice}
          onRemoveSaved={(file) => setSavedFiles((current) => current.filter((other) => other.id !== file.id))}
        />
        <CheckboxField
          label={t('fields.includePosition')}
          name="includePosition"
          checked={form.includePosition}
          onChange={(includePosition) => change({ includePosition })}
          hint={t('fields.includePositionHint')}
        />
      </FormSection>
      <div className={styles.editorActions}>
        {scenario && (
          <button
            type="button"
            className="button danger"
            onClick={() => void deleteScenario(scenario, () => router.push(SCENARIOS_SCREEN))}
            disabled={busy}
          >
            {t('delete.confirm')}
          </button>
        )}
        <BusyButton className="button primary" busy={busy} disabled={busy} onClick={() => void save()}>
          {t('save')}
        </BusyButton>
      </div>
    </div>
  );
}

/** The key of a saved file, for keeping it: the scenario's answer names its files by id, the body by storage key. */
function fileKey(scenario: ScenarioDetail | null, file: AttachmentView): string {
  return scenario?.attachmentKeys.find((entry) => entry.id === file.id)?.key ?? '';
}

function FolderSelect({
  folders,
  failed,
  onRetry,
  value,
  onChange,
}: {
  folders: ScenarioFolder[] | null;
  failed: boolean;
  onRetry: () => void;
  value: string | null;
  onChange: (folderId: string | null) => void;
}) {
  const t = useTranslations('scenarios');
  if (failed) return <LoadFailed message={t('loadErrorMessage')} onRetry={onRetry} />;
  if (!folders) return <Loading label={t('loading')} />;
  return (
    <div className="field">
      <label htmlFor="scenario-folder">{t('fields.folder')}</label>
      <select id="scenario-folder" value={value ?? ''} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{t('folders.none')}</option>
        {folders.map((folder) => (
          <option key={folder.id} value={folder.id}>
            {folder.name}
          </option>
        ))}
      </select>
    </div>
  );
}
