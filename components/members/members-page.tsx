'use client';

import { useTranslations } from 'next-intl';
import { ResponderLink } from '@/components/responder/responder-link';
import { ContentDialog } from '@/components/ui/content-dialog';
import { useDeferredValue, useMemo, useState } from 'react';
import { useProfile } from '@/components/session/profile-provider';
import { useDialogs } from '@/components/ui/dialogs';
import { EmptyState } from '@/components/ui/empty-state';
import { CheckboxField } from '@/components/ui/form';
import { ConsolePage } from '@/components/ui/list-page';
import { PagedTableSection } from '@/components/ui/paged-table-section';
import { useToast } from '@/components/ui/toasts';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { AddMemberDialog } from './add-member-dialog';
import { EditMemberDialog } from './edit-member-dialog';
import { ImportDialog } from './import/import-dialog';
import { MemberTable, type MemberActions } from './member-table';
import { membersApi, type MemberView, type Seats } from './members-api';
import { useMemberErrors } from './use-member-errors';
import { useMembers } from './use-members';
import styles from './members.module.css';

type OpenDialog =
  { kind: 'add' } | { kind: 'import' } | { kind: 'responder' } | { kind: 'edit'; member: MemberView } | null;

const matches = (member: MemberView, query: string) =>
  [member.name, member.email, member.phone].some((value) => value?.toLowerCase().includes(query));

/** /company/members (spec §2, §4): the members with search, add, edit, remove and restore, the import, and the seats. */
export function MembersPage() {
  const t = useTranslations('members');
  const tRoute = useTranslations('routes.members');
  const dialogs = useDialogs();
  const toast = useToast();
  const errors = useMemberErrors();
  const { state: profile } = useProfile();
  const me = profile.status === 'loaded' ? profile.me : null;
  const [showRemoved, setShowRemoved] = useState(false);
  const { state, reload } = useMembers(showRemoved);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim().toLowerCase());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const users = state.status === 'loaded' ? state.users : null;
  const shown = useMemo(
    () => (users && deferredQuery ? users.filter((member) => matches(member, deferredQuery)) : users),
    [users, deferredQuery],
  );

  async function change(member: MemberView, operation: 'remove' | 'restore') {
    setBusyId(member.userId);
    try {
      await membersApi[operation](member.userId);
      toast(t(`${operation}.done`, { name: member.name }));
      reload();
    } catch (error) {
      await errors.report(operation, error);
    } finally {
      setBusyId(null);
    }
  }

  const actions: MemberActions = {
    edit: (member) => setDialog({ kind: 'edit', member }),
    remove: async (member) => {
      const confirmed = await dialogs.text({
        type: 'warning',
        title: t('remove.title'),
        message: t('remove.message', { name: member.name }),
        confirmLabel: t('remove.confirm'),
        cancelLabel: t('cancel'),
      });
      if (confirmed) await change(member, 'remove');
    },
    restore: (member) => change(member, 'restore'),
  };

  const closeAndReload = () => {
    setDialog(null);
    reload();
  };

  return (
    <ConsolePage
      className={styles.page}
      title={tRoute('title')}
      description={tRoute('description')}
      actions={
        <>
          <button type="button" className="button" onClick={() => setDialog({ kind: 'responder' })}>
            {t('responder.open')}
          </button>
          <button type="button" className="button" onClick={() => setDialog({ kind: 'import' })}>
            {t('import.open')}
          </button>
          <button type="button" className="button primary" onClick={() => setDialog({ kind: 'add' })}>
            {t('add.open')}
          </button>
        </>
      }
    >
      <PagedTableSection
        label={t('table.caption')}
        className={styles.membersSection}
        toolbar={
          <>
            <div className="field">
              <label htmlFor="member-search" className="sr-only">
                {t('search.label')}
              </label>
              <input
                id="member-search"
                className="input"
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={t('search.placeholder')}
                autoComplete="off"
              />
            </div>
            <CheckboxField
              label={t('showRemoved')}
              name="showRemoved"
              checked={showRemoved}
              onChange={setShowRemoved}
              className={styles.toggle}
            />
            {state.status === 'loaded' && <SeatsSummary seats={state.seats} />}
          </>
        }
        empty={
          shown?.length === 0 && (
            <EmptyState
              title={deferredQuery ? t('search.noMatchTitle') : t('emptyTitle')}
              description={deferredQuery ? t('search.noMatch', { query: query.trim() }) : t('empty')}
            />
          )
        }
      >
        {state.status === 'loading' && <Loading label={t('loading')} className={styles.status} />}
        {state.status === 'failed' && (
          <LoadFailed message={t('loadErrorMessage')} onRetry={reload} className={styles.status} />
        )}
        {shown && <MemberTable members={shown} selfId={me?.user.id ?? null} actions={actions} busyId={busyId} />}
      </PagedTableSection>
      {dialog?.kind === 'add' && (
        <AddMemberDialog callerRole={me?.user.role ?? null} onClose={() => setDialog(null)} onAdded={closeAndReload} />
      )}
      {dialog?.kind === 'edit' && (
        <EditMemberDialog
          member={dialog.member}
          callerRole={me?.user.role ?? null}
          isSelf={dialog.member.userId === me?.user.id}
          onClose={() => setDialog(null)}
          onSaved={closeAndReload}
        />
      )}
      {dialog?.kind === 'import' && <ImportDialog onClose={closeAndReload} />}
      {dialog?.kind === 'responder' && (
        <ContentDialog
          id="responder-link"
          title={t('responder.title')}
          intro={t('responder.intro')}
          closeLabel={t('responder.close')}
          onClose={() => setDialog(null)}
        >
          <ResponderLink />
        </ContentDialog>
      )}
    </ConsolePage>
  );
}

/** "Seats 7 / 50": active members against the plan's seats, full when none is free. */
function SeatsSummary({ seats }: { seats: Seats }) {
  const t = useTranslations('members.seats');
  const full = seats.used >= seats.max;
  return (
    <p className={`${styles.seats}${full ? ` ${styles.seatsFull}` : ''}`} data-testid="seats">
      <span className={styles.seatsLabel}>{t('label')}</span>
      <span className={styles.seatsValue} aria-label={t('summary', { used: seats.used, max: seats.max })}>
        {seats.used} / {seats.max}
      </span>
    </p>
  );
}
