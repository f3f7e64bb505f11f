'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { CloseIcon, PlusIcon } from '@/components/ui/icons';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { PeoplePickerDialog } from '@/components/ui/people-picker-dialog';
import { Person } from '@/components/ui/person';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toasts';
import { useApiData } from '@/components/ui/use-api-data';
import { missionsApi, subscribersQuery } from './missions-api';
import personStyles from '@/components/ui/person.module.css';
import styles from './missions.module.css';

/**
 * Who receives a mission alarm (spec §1, §6): the named subscribers, or every admin when nobody is named. More are
 * added with the shared people picker, one is taken off with its remove button; each change saves the whole list.
 */
export function MissionSubscribersSection() {
  const t = useTranslations('missions.subscribers');
  const dialogs = useDialogs();
  const toast = useToast();
  const { state, reload, setData } = useApiData(
    subscribersQuery,
    (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );
  const [picking, setPicking] = useState(false);
  const [saving, setSaving] = useState(false);
  const current = useMemo(() => (state.status === 'loaded' ? state.data.subscriberIds : []), [state]);
  const chosen = useMemo(() => new Set(current), [current]);

  async function save(subscriberIds: string[]) {
    setSaving(true);
    try {
      setData(await missionsApi.saveSubscribers(subscriberIds));
      toast(t('saved'));
    } catch (error) {
      await dialogs.error(t('saveErrorTitle'), t('saveErrorMessage'), error);
      throw error;
    } finally {
      setSaving(false);
    }
  }

  async function add(userIds: string[]) {
    await save([...current, ...userIds]);
    setPicking(false);
  }

  return (
    <SectionCard
      id="mission-subscribers"
      title={t('heading')}
      intro={t('intro')}
      action={
        state.status === 'loaded' && (
          <button type="button" className="button" onClick={() => setPicking(true)}>
            <PlusIcon />
            {t('choose')}
          </button>
        )
      }
    >
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && <LoadFailed message={t('loadErrorMessage')} onRetry={reload} />}
      {state.status === 'loaded' &&
        (state.data.subscribers.length === 0 ? (
          <p className={styles.allAdmins} data-testid="mission-subscribers-all-admins">
            <strong>{t('allAdmins')}</strong>
            <span className={styles.subtle}>{t('allAdminsHint')}</span>
          </p>
        ) : (
          <ul className={personStyles.people} aria-label={t('heading')}>
            {state.data.subscribers.map((subscriber) => (
              <li key={subscriber.userId} className={personStyles.personRow} data-testid="mission-subscriber">
                <Person name={subscriber.name} photo={subscriber.profilePhoto} />
                <button
                  type="button"
                  className={`icon-button ${styles.removeButton}`}
                  disabled={saving}
                  aria-label={t('remove', { name: subscriber.name })}
                  onClick={() => save(current.filter((id) => id !== subscriber.userId)).catch(() => undefined)}
                >
                  <CloseIcon />
                </button>
              </li>
            ))}
          </ul>
        ))}
      {picking && (
        <PeoplePickerDialog
          title={t('pickerTitle')}
          intro={t('pickerIntro')}
          submitLabel={(count) => t('pickerSubmit', { count })}
          exclude={chosen}
          emptyText={t('allChosen')}
          onSubmit={add}
          onClose={() => setPicking(false)}
        />
      )}
    </SectionCard>
  );
}
