'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useFormUploads } from '@/components/alert-form/use-form-uploads';
import { firstProblem } from '@/components/alert-form/alert-form';
import { AlertFields } from '@/components/alert-form/alert-fields';
import { AttachmentsField } from '@/components/alert-form/attachments-field';
import { useStillUploading } from '@/components/alert-form/use-still-uploading';
import { FormSection, FormSections } from '@/components/alert-form/form-section';
import { focusField, useAlertProblemText, useProblemWords } from '@/components/alert-form/use-problem-text';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton, CheckboxField, SelectField, TextAreaField, TextField } from '@/components/ui/form';
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

/** A file the scenario already has. */
type SavedFile = ScenarioDetail['attachments'][number];

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
  const dialogs = useDialogs();
  const stillUploading = useStillUploading();
  const toast = useToast();
  const router = useRouter();
  const folders = useApiData(foldersQuery, (error) => dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error));
  const [form, setForm] = useState<ScenarioForm>(() => (scenario ? scenarioFormFrom(scenario) : EMPTY_SCENARIO));
  const [savedFiles, setSavedFiles] = useState<SavedFile[]>(scenario?.attachments ?? []);
  const { uploads, notice } = useFormUploads(SCENARIO_ATTACHMENTS);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const deleteScenario = useDeleteScenario();

  const change = (patch: Partial<ScenarioForm>) => setForm((current) => ({ ...current, ...patch }));
  const problems = attempted ? scenarioProblems(form) : {};
  const problemText = useAlertProblemText(form, problems);
  const problemWords = useProblemWords();
  const nameError = problemWords(t('fields.name'), problems.name);

  async function save() {
    setAttempted(true);
    const found = scenarioProblems(form);
    if (found.name) {
      document.getElementById('scenario-name')?.focus();
      return;
    }
    const wrong = firstProblem(found);
    if (wrong) {
      focusField(wrong);
      return;
    }
    if (await stillUploading(uploads.uploading)) return;
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
    <FormSections label={t('formLabel')}>
      <FormSection id="section-scenario" title={t('sections.scenario')}>
        <TextField
          id="scenario-name"
          label={t('fields.name')}
          name="name"
          value={form.name}
          onChange={(name) => change({ name })}
          error={nameError}
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
      <AlertFields
        form={form}
        onChange={change}
        problemText={problemText}
        messageTitle={t('sections.alert')}
        severities={SCENARIO_SEVERITIES}
        limits={SCENARIO_LIMITS}
        delivery={
          <>
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
          </>
        }
      />
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
    </FormSections>
  );
}

/** The key of a saved file, for keeping it: the scenario's answer names its files by id, the body by storage key. */
function fileKey(scenario: ScenarioDetail | null, file: SavedFile): string {
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
    <SelectField
      id="scenario-folder"
      label={t('fields.folder')}
      name="folder"
      value={value ?? ''}
      onChange={(folderId) => onChange(folderId || null)}
      options={[
        { value: '', label: t('folders.none') },
        ...folders.map((folder) => ({ value: folder.id, label: folder.name })),
      ]}
    />
  );
}
