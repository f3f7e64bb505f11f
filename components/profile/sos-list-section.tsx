'use client';

import { useTranslations } from 'next-intl';
import { useCompanyDialCodes } from '@/components/session/use-company-dial-codes';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { PhoneInput, type PhoneValue } from '@/components/ui/phone-input';
import { formatPhone, splitE164, toE164 } from '@/components/ui/phone-number';
import { MIN_NAME_LENGTH, useFieldRules } from '@/components/ui/field-rules';
import { useDialogs } from '@/components/ui/dialogs';
import { SubmitButton, TextField } from '@/components/ui/form';
import { useToast } from '@/components/ui/toasts';
import { useProfile } from '@/components/session/profile-provider';
import { ChevronDownIcon, ChevronUpIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { ProfileSection } from './profile-section';
import { profileApi, type PickableMember, type SosContact, type SosListBody } from './profile-api';
import { SosMemberPicker } from './sos-member-picker';
import styles from './sos-list.module.css';

export const MAX_SOS_CONTACTS = 10;

/**
 * An outside contact the user types in, or a company member (kept as is, only moved or removed; their phone, when they
 * have one, is known once the list is saved).
 */
type Row =
  | { kind: 'outside'; key: string; name: string; phone: PhoneValue }
  | { kind: 'member'; key: string; contactUserId: string; name: string; phoneText: string | null };
type RowErrors = { name?: string; phone?: string };

let nextKey = 0;
const newKey = () => `row-${nextKey++}`;

function toRows(list: SosContact[], dialCodes: string[]): Row[] {
  return list.map((contact) =>
    contact.contactUserId
      ? {
          kind: 'member',
          key: newKey(),
          contactUserId: contact.contactUserId,
          name: contact.name,
          phoneText: contact.phone,
        }
      : { kind: 'outside', key: newKey(), name: contact.name, phone: splitE164(contact.phone ?? '', dialCodes) },
  );
}

function toPayload(rows: Row[]): SosListBody {
  return rows.map((row) =>
    row.kind === 'member'
      ? { contactUserId: row.contactUserId }
      : { name: row.name.trim(), phone: toE164(row.phone.dialCode, row.phone.localNumber) },
  );
}

/** The people alerted when the user sends an SOS from the app, in order. */
export function SosListSection({ companyName }: { companyName: string }) {
  const t = useTranslations('profile.sos');
  const dialogs = useDialogs();
  const toast = useToast();
  const rules = useFieldRules();
  const { dialCodes, defaultDialCode, failed: dialCodesFailed } = useCompanyDialCodes();
  const [loaded, setLoaded] = useState<SosContact[] | null>(null);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [saved, setSaved] = useState('');
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const listRef = useRef<HTMLOListElement>(null);
  const { state: profile } = useProfile();
  const selfId = profile.status === 'loaded' ? profile.me.user.id : null;

  const reportLoadFailure = useEffectEvent(
    (error: unknown) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    profileApi.sosContacts(controller.signal).then(
      (answer) => setLoaded(answer.list),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setFailed(true);
        reportLoadFailure(error);
      },
    );
    return () => controller.abort();
  }, [attempt]);

  // Phone numbers are shown as dial code + number, so the rows wait for both the list and the dial codes.
  useEffect(() => {
    if (loaded && dialCodes.length > 0) {
      const initial = toRows(loaded, dialCodes);
      setRows(initial);
      setSaved(JSON.stringify(toPayload(initial)));
      setLoaded(null);
    }
  }, [loaded, dialCodes]);

  function change(key: string, update: (row: Row) => Row) {
    setRows((all) => all && all.map((row) => (row.key === key ? update(row) : row)));
    setErrors((current) => {
      if (!current[key]) return current;
      const { [key]: _edited, ...rest } = current;
      return rest;
    });
  }

  function move(index: number, by: -1 | 1) {
    setRows((all) => {
      if (!all) return all;
      const next = [...all];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    });
  }

  function add() {
    const row: Row = {
      kind: 'outside',
      key: newKey(),
      name: '',
      phone: { dialCode: defaultDialCode, localNumber: '' },
    };
    setRows((all) => [...(all ?? []), row]);
    // Focus the new row's name once it is rendered.
    requestAnimationFrame(() =>
      listRef.current?.querySelector<HTMLInputElement>(`[data-row="${row.key}"] input`)?.focus(),
    );
  }

  /** A company member: their phone comes from their own profile once the list is saved. */
  function addMember(member: PickableMember) {
    setRows((all) => [
      ...(all ?? []),
      { kind: 'member', key: newKey(), contactUserId: member.userId, name: member.name, phoneText: null },
    ]);
  }

  function validate(list: Row[]): boolean {
    const found: Record<string, RowErrors> = {};
    for (const row of list) {
      if (row.kind === 'member') continue;
      const rowErrors = {
        name: rules.text(t('name'), row.name, MIN_NAME_LENGTH),
        phone: rules.phone(t('phone'), row.phone.localNumber, toE164(row.phone.dialCode, row.phone.localNumber)),
      };
      if (rowErrors.name || rowErrors.phone) found[row.key] = rowErrors;
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!rows || !validate(rows)) return;
    setBusy(true);
    try {
      const answer = await profileApi.saveSosContacts(toPayload(rows));
      const fresh = toRows(answer.list, dialCodes);
      setRows(fresh);
      setSaved(JSON.stringify(toPayload(fresh)));
      toast(t('saved'));
    } catch (error) {
      await dialogs.error(t('errorTitle'), t('errorMessage'), error);
    } finally {
      setBusy(false);
    }
  }

  const unavailable = failed || (dialCodesFailed && rows === null);
  const dirty = rows !== null && JSON.stringify(toPayload(rows)) !== saved;
  return (
    <ProfileSection id="sos" title={t('heading')} description={t('intro', { company: companyName })}>
      {unavailable && (
        <LoadFailed message={t('loadErrorMessage')} onRetry={() => setAttempt((n) => n + 1)} className={styles.empty} />
      )}
      {!unavailable && rows === null && <Loading label={t('loading')} className={styles.loading} />}
      {rows !== null && (
        <form onSubmit={save} noValidate>
          {rows.length === 0 ? (
            <p className={styles.empty}>{t('empty')}</p>
          ) : (
            <ol className={styles.list} ref={listRef}>
              {rows.map((row, index) => (
                <li
                  key={row.key}
                  className={styles.row}
                  data-row={row.key}
                  aria-label={t('contactLabel', { position: index + 1 })}
                >
                  <span className={styles.position} aria-hidden="true">
                    {index + 1}
                  </span>
                  {row.kind === 'member' ? (
                    <div className={styles.member}>
                      <span className={styles.memberName}>{row.name}</span>
                      <span className="muted">{row.phoneText && formatPhone(row.phoneText)}</span>
                      <span className={styles.memberTag}>{t('member')}</span>
                    </div>
                  ) : (
                    <div className={styles.fields}>
                      <TextField
                        label={t('name')}
                        name={`sosName${index}`}
                        value={row.name}
                        onChange={(name) => change(row.key, (r) => ({ ...r, name }))}
                        autoComplete="off"
                        required
                        error={errors[row.key]?.name}
                      />
                      <PhoneInput
                        label={t('phone')}
                        name={`sosPhone${index}`}
                        value={row.phone}
                        onChange={(phone) => change(row.key, (r) => (r.kind === 'member' ? r : { ...r, phone }))}
                        dialCodes={dialCodes}
                        autoComplete="off"
                        required
                        error={errors[row.key]?.phone}
                      />
                    </div>
                  )}
                  <div className={styles.rowActions}>
                    <button
                      type="button"
                      className={styles.iconButton}
                      onClick={() => move(index, -1)}
                      disabled={index === 0}
                      aria-label={t('moveUp', { position: index + 1 })}
                    >
                      <ChevronUpIcon />
                    </button>
                    <button
                      type="button"
                      className={styles.iconButton}
                      onClick={() => move(index, 1)}
                      disabled={index === rows.length - 1}
                      aria-label={t('moveDown', { position: index + 1 })}
                    >
                      <ChevronDownIcon />
                    </button>
                    <button
                      type="button"
                      className={`${styles.iconButton} ${styles.remove}`}
                      onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
                      aria-label={t('remove', { position: index + 1 })}
                    >
                      <TrashIcon />
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          )}
          <div className={styles.addWays} role="group" aria-label={t('addHeading')}>
            <SosMemberPicker
              exclude={
                new Set([
                  ...(selfId ? [selfId] : []),
                  ...rows.flatMap((row) => (row.kind === 'member' ? [row.contactUserId] : [])),
                ])
              }
              disabled={rows.length >= MAX_SOS_CONTACTS}
              onPick={addMember}
            />
            <div className={styles.addWay}>
              <span className={styles.addWayLabel} id="sos-outside-label">
                {t('outsideLabel')}
              </span>
              <button
                type="button"
                className="button"
                onClick={add}
                disabled={rows.length >= MAX_SOS_CONTACTS}
                aria-describedby="sos-outside-label"
              >
                <PlusIcon />
                {t('add')}
              </button>
            </div>
          </div>
          <div className={styles.footer}>
            {rows.length >= MAX_SOS_CONTACTS && <span className="muted">{t('max', { max: MAX_SOS_CONTACTS })}</span>}
            <SubmitButton busy={busy} disabled={!dirty} className={styles.save}>
              {t('save')}
            </SubmitButton>
          </div>
        </form>
      )}
    </ProfileSection>
  );
}
