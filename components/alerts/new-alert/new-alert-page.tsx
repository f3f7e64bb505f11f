'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import {
  alertApi,
  attachmentsBase,
  type AlertListItem,
  type AttachmentView,
  type Reach,
} from '@/components/alerts/alert-api';
import { useFormUploads } from '@/components/alert-form/use-form-uploads';
import { PageHeader } from '@/components/ui/page-header';
import { useDialogs } from '@/components/ui/dialogs';
import { useToast } from '@/components/ui/toasts';
import {
  alertBody,
  alertTarget,
  EMPTY_FORM,
  firstProblem,
  formFromDraft,
  formProblems,
  hasContent,
  hasRecipients,
  type AlertForm,
} from '@/components/alert-form/alert-form';
import { AlertFields } from '@/components/alert-form/alert-fields';
import { AttachmentsField } from '@/components/alert-form/attachments-field';
import { useStillUploading } from '@/components/alert-form/use-still-uploading';
import { FormWithSummary } from '@/components/alert-form/form-section';
import { ReachPreview } from '@/components/alert-form/reach-preview';
import { useReach } from '@/components/alert-form/use-reach';
import { useReachNotes } from '@/components/alert-form/use-reach-notes';
import { focusField, useAlertProblemText } from '@/components/alert-form/use-problem-text';
import { useVoiceAllowed } from '@/components/alert-form/use-voice-allowed';
import { useMyPosition } from '@/components/ui/use-my-position';
import { DraftsDialog } from './drafts-dialog';
import { OptionsFields } from './options-fields';
import styles from './new-alert.module.css';
import { DraftsIcon } from '@/components/ui/icons';
import { BusyButton } from '@/components/ui/form';
import { ChannelsNotSending } from '@/components/outbox/channels-not-sending';

type Busy = 'send' | 'draft' | 'open' | 'delete' | null;

/**
 * /newAlert (spec §2, contract-alerts.md [D]): severity, title and message, recipients with a live count of who will
 * be reached, channels, attachments, the sender's position and simulation mode; save and reopen drafts; send after a
 * confirmation that repeats the reach, then the alert's page.
 */
export function NewAlertPage() {
  const t = useTranslations('newAlert');
  const severities = useTranslations('alerts.severity');
  const channelNames = useTranslations('alerts.channels');
  const errorTitles = useTranslations('alerts.errorTitles');
  const reachNotes = useReachNotes();
  const format = useFormatter();
  const dialogs = useDialogs();
  const stillUploading = useStillUploading();
  const toast = useToast();
  const router = useRouter();
  const voiceAllowed = useVoiceAllowed();

  const [form, setForm] = useState<AlertForm>(EMPTY_FORM);
  const [draftId, setDraftId] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [showDrafts, setShowDrafts] = useState(false);
  const position = useMyPosition();
  const [savedFiles, setSavedFiles] = useState<AttachmentView[]>([]);
  const { uploads, notice: uploadNotice, clearNotice } = useFormUploads(attachmentsBase(null));

  const change = (patch: Partial<AlertForm>) => setForm((current) => ({ ...current, ...patch }));
  const target = useMemo(() => (hasRecipients(form) ? alertTarget(form) : null), [form]);
  const reach = useReach(target);
  const problems = attempted ? formProblems(form) : {};

  const problemText = useAlertProblemText(form, problems);

  function startOver() {
    setForm(EMPTY_FORM);
    setDraftId(null);
    setAttempted(false);
    position.turnOff();
    replaceFiles([]);
  }

  /** Shows the files of a draft (or none); new uploads not yet saved anywhere are deleted from the storage. */
  function replaceFiles(saved: AttachmentView[]) {
    for (const file of uploads.files) void uploads.remove(file);
    setSavedFiles(saved);
    clearNotice();
  }

  function confirmationMessage(counted: Reach | null): string {
    const parts = [
      counted
        ? t('confirm.message', {
            severity: severities(form.severity),
            channels: format.list(form.channels.map((channel) => channelNames(channel))),
            count: counted.reach,
          })
        : t('confirm.messageUncounted', {
            severity: severities(form.severity),
            channels: format.list(form.channels.map((channel) => channelNames(channel))),
          }),
    ];
    if (counted && counted.outOfTarget > 0) parts.push(t('reach.outOfTarget', { count: counted.outOfTarget }));
    if (counted) {
      const notes = reachNotes(counted, form.channels);
      parts.push(...notes.warnings, ...(notes.fallbackLater ? [notes.fallbackLater] : []));
    }
    if (form.simulationMode) parts.push(t('confirm.simulation'));
    return parts.join(' ');
  }

  async function send() {
    setAttempted(true);
    const wrong = firstProblem(formProblems(form));
    if (wrong) {
      focusField(wrong);
      return;
    }
    if (await stillUploading(uploads.uploading)) return;
    setBusy('send');
    const counted = await alertApi.reach(alertTarget(form)).catch(() => null);
    setBusy(null);
    const confirmed = await dialogs.text({
      type: 'warning',
      title: t('confirm.title', { title: form.title.trim() }),
      message: confirmationMessage(counted),
      confirmLabel: t('confirm.send'),
      cancelLabel: t('confirm.cancel'),
    });
    if (!confirmed) return;
    setBusy('send');
    try {
      const sent = await alertApi.send(
        form.severity,
        alertBody(form, { position: position.position, uploads: uploads.uploaded(), draftId }),
      );
      toast(t('sent', { count: sent.recipients }));
      // The alert's page opens at its top, not where the send button was.
      window.scrollTo({ top: 0 });
      router.push(`/alerts/${sent.alertId}`, { scroll: true });
    } catch (error) {
      setBusy(null);
      await dialogs.error(errorTitles('send'), t('sendErrorMessage'), error);
    }
  }

  async function saveDraft() {
    if (await stillUploading(uploads.uploading)) return;
    setBusy('draft');
    try {
      const newFiles = uploads.uploaded();
      const saved = await alertApi.saveDraft(
        form.severity,
        alertBody(form, { position: position.position, uploads: newFiles, draftId }),
      );
      setDraftId(saved.alertId);
      if (newFiles.length > 0) {
        // The uploads now belong to the draft: from now on they are shown as its files, with their links.
        uploads.clear();
        alertApi.get(saved.alertId).then(
          (draft) => setSavedFiles(draft.attachments),
          (error: unknown) => void dialogs.error(errorTitles('get'), t('drafts.openErrorMessage'), error),
        );
      }
      toast(t('drafts.saved'));
    } catch (error) {
      await dialogs.error(errorTitles('update'), t('drafts.saveErrorMessage'), error);
    } finally {
      setBusy(null);
    }
  }

  async function openDraft(item: AlertListItem) {
    if (hasContent(form) && item.id !== draftId) {
      const replace = await dialogs.text({
        type: 'warning',
        title: t('drafts.replaceTitle'),
        message: t('drafts.replaceMessage'),
        confirmLabel: t('drafts.open'),
        cancelLabel: t('confirm.cancel'),
      });
      if (!replace) return;
    }
    setShowDrafts(false);
    setBusy('open');
    try {
      const draft = await alertApi.get(item.id);
      const restored = formFromDraft(draft);
      setForm({ ...restored, channels: restored.channels.filter((channel) => channel !== 'voice' || voiceAllowed) });
      setDraftId(draft.id);
      setAttempted(false);
      position.restore(
        draft.position
          ? {
              lat: draft.position.lat,
              lng: draft.position.lng,
              ...(draft.position.accuracy === null ? {} : { accuracy: draft.position.accuracy }),
            }
          : null,
      );
      replaceFiles(draft.attachments);
      toast(t('drafts.opened'));
    } catch (error) {
      await dialogs.error(errorTitles('get'), t('drafts.openErrorMessage'), error);
    } finally {
      setBusy(null);
    }
  }

  /** Deletes a draft after confirming; the form starts over when it was the open one. */
  async function deleteDraft(id: string, title: string): Promise<boolean> {
    const confirmed = await dialogs.text({
      type: 'warning',
      title: t('drafts.deleteTitle'),
      message: t('drafts.deleteMessage', { title: title.trim() || t('drafts.untitled') }),
      confirmLabel: t('drafts.delete'),
      cancelLabel: t('confirm.cancel'),
    });
    if (!confirmed) return false;
    setBusy('delete');
    try {
      await alertApi.deleteDraft(id);
      if (id === draftId) startOver();
      toast(t('drafts.deleted'));
      return true;
    } catch (error) {
      await dialogs.error(errorTitles('delete'), t('drafts.deleteErrorMessage'), error);
      return false;
    } finally {
      setBusy(null);
    }
  }

  const draftsButton = (
    <button type="button" className="button" onClick={() => setShowDrafts(true)} disabled={busy !== null}>
      <DraftsIcon />
      {t('drafts.button')}
    </button>
  );

  return (
    <main className="console-page">
      <PageHeader title={t('title')} description={t('description')} actions={draftsButton} />
      {draftId && (
        <div className={styles.draftNotice} role="status">
          <span>{t('drafts.editing')}</span>
          <button type="button" className="button ghost" onClick={startOver} disabled={busy !== null}>
            {t('drafts.startOver')}
          </button>
        </div>
      )}
      <FormWithSummary
        label={t('formLabel')}
        busy={busy === 'open'}
        summary={
          <>
            <ReachPreview state={reach} channels={form.channels} />
            <ChannelsNotSending channels={form.channels} admin />
            {form.simulationMode && <p className={styles.simulationBadge}>{t('options.simulationActive')}</p>}
          </>
        }
        actions={
          <>
            <BusyButton
              className={`button ${form.severity === 'alarm' ? 'danger' : 'primary'} block`}
              onClick={() => void send()}
              disabled={busy !== null}
              busy={busy === 'send'}
            >
              {t('send', { severity: form.severity })}
            </BusyButton>
            <BusyButton
              className="button block"
              onClick={() => void saveDraft()}
              disabled={busy !== null}
              busy={busy === 'draft'}
            >
              {t('drafts.save')}
            </BusyButton>
            {draftId && (
              <button
                type="button"
                className="button ghost block"
                onClick={() => void deleteDraft(draftId, form.title)}
                disabled={busy !== null}
              >
                {t('drafts.deleteThis')}
              </button>
            )}
          </>
        }
      >
        <AlertFields
          form={form}
          onChange={change}
          problemText={problemText}
          messageTitle={t('sections.message')}
          delivery={
            <>
              <AttachmentsField uploads={uploads} saved={savedFiles} notice={uploadNotice} />
              <OptionsFields
                position={position.state}
                onPosition={(on) => (on ? position.locate() : position.turnOff())}
                simulationMode={form.simulationMode}
                onSimulationMode={(simulationMode) => change({ simulationMode })}
              />
            </>
          }
        />
      </FormWithSummary>
      {showDrafts && (
        <DraftsDialog
          onOpen={(item) => void openDraft(item)}
          onDelete={(item) => deleteDraft(item.id, item.title)}
          onClose={() => setShowDrafts(false)}
        />
      )}
    </main>
  );
}
