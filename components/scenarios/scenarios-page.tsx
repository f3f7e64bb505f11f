'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, type DragEvent, type FormEvent } from 'react';
import { AlertEmblem } from '@/components/ui/alert-emblem';
import { useDialogs } from '@/components/ui/dialogs';
import { TextField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { ChevronDownIcon, ChevronUpIcon, EditIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { ConsolePage } from '@/components/ui/list-page';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { EmptyState } from '@/components/ui/empty-state';
import { useToast } from '@/components/ui/toasts';
import { useApiData } from '@/components/ui/use-api-data';
import { foldersQuery, scenarioApi, scenariosQuery, type Scenario, type ScenarioFolder } from './scenario-api';
import { FRONT_PAGE_SCENARIOS } from '@/lib/scenarios/scenario-rules';
import { inFolder, moveWithinFolder } from './scenario-order';
import { ScenarioActions, SCENARIOS_SCREEN } from './scenario-actions';
import { scenarioAlertType } from './scenario-start';
import { ScenarioStartDialog } from './scenario-start-dialog';
import styles from './scenarios.module.css';

/**
 * /automation/scenarios (admins, feature `scenario`): the scenarios per folder in the company's order. Drag a row by its
 * handle, or use its move up / move down buttons, to reorder within the folder: the order is saved at once and put back
 * when the save fails. Each scenario can be started, edited or deleted; folders are added, renamed and (when empty)
 * deleted here.
 */
export function ScenariosPage() {
  const t = useTranslations('scenarios');
  const dialogs = useDialogs();
  const toast = useToast();
  const onError = (error: unknown) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error);
  const scenarios = useApiData(scenariosQuery, onError);
  const folders = useApiData(foldersQuery, onError);
  const [starting, setStarting] = useState<Scenario | null>(null);
  const [editingFolder, setEditingFolder] = useState<ScenarioFolder | 'new' | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);

  const order = scenarios.state.status === 'loaded' ? scenarios.state.data.items : [];
  const setOrder = (items: Scenario[]) => scenarios.setData({ items });

  const reload = () => {
    scenarios.reload();
    folders.reload();
  };

  async function move(scenario: Scenario, to: number) {
    const before = order;
    const next = moveWithinFolder(order, scenario.id, to);
    if (next === before) return;
    setOrder(next);
    try {
      await scenarioApi.sort(next.map((item) => item.id));
      toast(t('order.saved'));
    } catch (error) {
      setOrder(before);
      await dialogs.error(t('order.errorTitle'), t('order.errorMessage'), error);
    }
  }

  async function removeFolder(folder: ScenarioFolder) {
    const confirmed = await dialogs.text({
      type: 'warning',
      title: t('folders.delete.title', { name: folder.name }),
      message: t('folders.delete.message'),
      confirmLabel: t('folders.delete.confirm'),
      cancelLabel: t('cancel'),
    });
    if (!confirmed) return;
    try {
      await scenarioApi.removeFolder(folder.id);
      toast(t('folders.delete.done', { name: folder.name }));
      folders.reload();
    } catch (error) {
      await dialogs.error(t('folders.delete.errorTitle'), t('folders.delete.errorMessage'), error);
    }
  }

  function dropOn(target: Scenario) {
    const source = order.find((item) => item.id === dragged);
    setDragged(null);
    if (!source || source.folderId !== target.folderId) return;
    void move(source, inFolder(order, target.folderId).indexOf(target));
  }

  const actions = (
    <>
      <button type="button" className="button" onClick={() => setEditingFolder('new')}>
        <PlusIcon />
        {t('folders.new')}
      </button>
      <Link href={`${SCENARIOS_SCREEN}/new`} className="button primary">
        <PlusIcon />
        {t('new')}
      </Link>
    </>
  );

  const state = scenarios.state.status === 'loaded' ? folders.state : scenarios.state;
  const groups: { folder: ScenarioFolder | null; items: Scenario[] }[] =
    folders.state.status === 'loaded'
      ? [
          ...folders.state.data.items.map((folder) => ({ folder, items: inFolder(order, folder.id) })),
          { folder: null, items: inFolder(order, null) },
        ]
      : [];
  const folderCount = groups.length - 1;

  return (
    <ConsolePage title={t('title')} description={t('description')} actions={actions}>
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && <LoadFailed message={t('loadErrorMessage')} onRetry={reload} />}
      {state.status === 'loaded' && order.length === 0 && folderCount === 0 && (
        <EmptyState title={t('emptyTitle')} description={t('emptyDescription')} />
      )}
      {state.status === 'loaded' &&
        groups.map(({ folder, items }) =>
          folder === null && items.length === 0 && folderCount > 0 ? null : (
            <section
              key={folder?.id ?? 'none'}
              className={`card ${styles.folder}`}
              aria-labelledby={`folder-${folder?.id ?? 'none'}`}
            >
              <header className={styles.folderHeader}>
                <h2 id={`folder-${folder?.id ?? 'none'}`}>{folder ? folder.name : t('folders.none')}</h2>
                {folder && (
                  <div className={styles.rowActions}>
                    <button
                      type="button"
                      className="icon-button"
                      onClick={() => setEditingFolder(folder)}
                      aria-label={t('folders.renameLabel', { name: folder.name })}
                      title={t('folders.rename')}
                    >
                      <EditIcon />
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      onClick={() => void removeFolder(folder)}
                      aria-label={t('folders.deleteLabel', { name: folder.name })}
                      title={t('folders.delete.confirm')}
                    >
                      <TrashIcon />
                    </button>
                  </div>
                )}
              </header>
              {items.length === 0 ? (
                <p className="muted">{t('folders.empty')}</p>
              ) : (
                <ol className={styles.list} aria-label={t('listLabel', { folder: folder?.name ?? t('folders.none') })}>
                  {items.map((scenario, index) => (
                    <ScenarioRow
                      key={scenario.id}
                      scenario={scenario}
                      first={index === 0}
                      last={index === items.length - 1}
                      dragging={dragged === scenario.id}
                      onDragStart={() => setDragged(scenario.id)}
                      onDragEnd={() => setDragged(null)}
                      onDrop={() => dropOn(scenario)}
                      onMove={(step) => void move(scenario, index + step)}
                      onStart={() => setStarting(scenario)}
                      onDeleted={reload}
                      frontPage={order.indexOf(scenario) < FRONT_PAGE_SCENARIOS}
                    />
                  ))}
                </ol>
              )}
            </section>
          ),
        )}
      {starting && <ScenarioStartDialog scenario={starting} onClose={() => setStarting(null)} />}
      {editingFolder && (
        <FolderDialog
          folder={editingFolder === 'new' ? null : editingFolder}
          onClose={() => setEditingFolder(null)}
          onSaved={() => {
            setEditingFolder(null);
            folders.reload();
          }}
        />
      )}
    </ConsolePage>
  );
}

function ScenarioRow({
  scenario,
  first,
  last,
  dragging,
  onDragStart,
  onDragEnd,
  onDrop,
  onMove,
  onStart,
  onDeleted,
  frontPage,
}: {
  scenario: Scenario;
  /** One of the first three by the company's order: the app's and the responder's front page show it. */
  frontPage: boolean;
  first: boolean;
  last: boolean;
  dragging: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDrop: () => void;
  onMove: (step: -1 | 1) => void;
  onStart: () => void;
  onDeleted: () => void;
}) {
  const t = useTranslations('scenarios');
  const types = useTranslations('alerts.types');
  const type = scenarioAlertType(scenario);
  const allowDrop = (event: DragEvent) => event.preventDefault();
  return (
    <li
      className={`${styles.row}${dragging ? ` ${styles.dragging}` : ''}`}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', scenario.id);
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      onDragOver={allowDrop}
      onDrop={(event) => {
        event.preventDefault();
        onDrop();
      }}
      data-testid="scenario-row"
    >
      <span className={styles.handle} aria-hidden="true" title={t('order.drag')}>
        ⋮⋮
      </span>
      <AlertEmblem type={type} label={types(type)} />
      <div className={styles.text}>
        <strong>{scenario.name}</strong>
        {scenario.description && <span className="muted small">{scenario.description}</span>}
        {frontPage && (
          <span className={styles.frontPage} data-testid="front-page-scenario" title={t('frontPageHint')}>
            {t('frontPage')}
          </span>
        )}
        {!scenario.hasValidTarget && <span className={styles.invalid}>{t('invalidTarget')}</span>}
      </div>
      <div className={styles.rowActions}>
        <button
          type="button"
          className="icon-button"
          onClick={() => onMove(-1)}
          disabled={first}
          aria-label={t('order.upLabel', { name: scenario.name })}
          title={t('order.up')}
        >
          <ChevronUpIcon />
        </button>
        <button
          type="button"
          className="icon-button"
          onClick={() => onMove(1)}
          disabled={last}
          aria-label={t('order.downLabel', { name: scenario.name })}
          title={t('order.down')}
        >
          <ChevronDownIcon />
        </button>
        <ScenarioActions scenario={scenario} onStart={onStart} onDeleted={onDeleted} />
      </div>
    </li>
  );
}

/** A new folder (under an id made here, so a retried save makes one folder) or a folder's new name. */
function FolderDialog({
  folder,
  onClose,
  onSaved,
}: {
  folder: ScenarioFolder | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTranslations('scenarios.folders');
  const dialogs = useDialogs();
  const [id] = useState(() => folder?.id ?? crypto.randomUUID());
  const [name, setName] = useState(folder?.name ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('nameRequired'));
      return;
    }
    setBusy(true);
    try {
      await scenarioApi.saveFolder(id, name.trim());
      onSaved();
    } catch (failure) {
      setBusy(false);
      await dialogs.error(t('saveErrorTitle'), t('saveErrorMessage'), failure);
    }
  }

  return (
    <FormDialog
      id="scenario-folder"
      title={folder ? t('renameTitle', { name: folder.name }) : t('newTitle')}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('save')}
      cancelLabel={t('cancel')}
      busy={busy}
      error={error}
    >
      <TextField
        id="scenario-folder-name"
        label={t('name')}
        name="name"
        value={name}
        onChange={setName}
        maxLength={60}
        required
      />
    </FormDialog>
  );
}
