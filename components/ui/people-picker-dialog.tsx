'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState, type FormEvent } from 'react';
import { searchable } from '@/lib/text/searchable';
import { Person } from './person';
import { Modal, useDialogs } from './dialogs';
import { SubmitButton } from './form';
import { useApiData } from './use-api-data';
import { companyMembersQuery, type CompanyMember } from './ui-api';
import { Loading } from './load-states';
import styles from './people-picker.module.css';

export interface PeoplePickerDialogProps {
  title: string;
  intro: string;
  submitLabel: (count: number) => string;
  /** Members who cannot be chosen here (e.g. already in the team). */
  exclude?: ReadonlySet<string>;
  /** Only these members are offered (e.g. those without the app). */
  include?: (member: CompanyMember) => boolean;
  /** What to say when nobody can be chosen at all. */
  emptyText: string;
  /** Resolves when done (the dialog then closes through the caller); throws to keep the dialog open. */
  onSubmit: (userIds: string[]) => Promise<void>;
  onClose: () => void;
}

/** Choose company members (search by name or e-mail, tick several) for one action: add to a team, send a reminder... */
export function PeoplePickerDialog({
  title,
  intro,
  submitLabel,
  exclude,
  include,
  emptyText,
  onSubmit,
  onClose,
}: PeoplePickerDialogProps) {
  const t = useTranslations('people');
  const dialogs = useDialogs();
  const { state, reload } = useApiData(
    companyMembersQuery,
    (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  const candidates = useMemo(() => {
    if (state.status !== 'loaded') return [];
    const members: CompanyMember[] = state.data.users;
    return members.filter((user) => !exclude?.has(user.userId) && (include?.(user) ?? true));
  }, [state, exclude, include]);
  const needle = searchable(query.trim());
  const shown = needle
    ? candidates.filter((user) => searchable(`${user.name} ${'email' in user ? user.email : ''}`).includes(needle))
    : candidates;

  const allShownChosen = shown.length > 0 && shown.every((user) => chosen.has(user.userId));

  function toggle(userId: string) {
    const next = new Set(chosen);
    if (!next.delete(userId)) next.add(userId);
    setChosen(next);
  }

  function toggleAllShown() {
    const next = new Set(chosen);
    for (const user of shown) {
      if (allShownChosen) next.delete(user.userId);
      else next.add(user.userId);
    }
    setChosen(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.size === 0) return;
    setBusy(true);
    try {
      await onSubmit([...chosen]);
    } catch {
      // the caller has shown the error; the choice stays for another try
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      className={styles.dialog}
      labelledBy="people-picker-title"
      describedBy="people-picker-intro"
      onDismiss={onClose}
    >
      <form onSubmit={submit} className={styles.form}>
        <div className={`dialog-content ${styles.head}`}>
          <h2 id="people-picker-title">{title}</h2>
          <p id="people-picker-intro" className="muted">
            {intro}
          </p>
          <div className={styles.searchRow}>
            <input
              className="input"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('search')}
              aria-label={t('search')}
              autoFocus
            />
            <button type="button" className="button" onClick={toggleAllShown} disabled={shown.length === 0}>
              {allShownChosen ? t('unselectAll') : t('selectAll')}
            </button>
          </div>
        </div>
        <div className={styles.list}>
          {state.status === 'loading' && <Loading label={t('loading')} className={styles.note} />}
          {state.status === 'failed' && (
            <p className={styles.note}>
              {t('loadErrorMessage')}{' '}
              <button type="button" className="button" onClick={reload}>
                {t('retry')}
              </button>
            </p>
          )}
          {state.status === 'loaded' && shown.length === 0 && (
            <p className={styles.note}>
              {candidates.length === 0 ? emptyText : t('noMatches', { query: query.trim() })}
            </p>
          )}
          {shown.length > 0 && (
            <ul className={styles.options} aria-label={t('listLabel')}>
              {shown.map((user) => (
                <li key={user.userId}>
                  <label className={styles.option}>
                    <input type="checkbox" checked={chosen.has(user.userId)} onChange={() => toggle(user.userId)} />
                    <Person name={user.name} photo={user.profilePhoto} />
                    {'email' in user && user.email && <span className={styles.email}>{user.email}</span>}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="dialog-actions">
          <span className={styles.count} aria-live="polite">
            {t('selected', { count: chosen.size })}
          </span>
          <button type="button" className="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <SubmitButton busy={busy} disabled={chosen.size === 0}>
            {submitLabel(chosen.size)}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
