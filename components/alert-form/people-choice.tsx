'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { PeoplePickerDialog } from '@/components/ui/people-picker-dialog';
import { uiApi, type CompanyMember } from '@/components/ui/ui-api';
import { useDialogs } from '@/components/ui/dialogs';
import { ChipList } from '@/components/ui/colour-chip';
import { CloseIcon } from '@/components/ui/icons';
import type { ChosenPerson } from './alert-form';
import styles from './alert-form.module.css';

/**
 * Members chosen one by one with the people picker, listed with a remove button each. The picker speaks of the
 * alert's recipients unless `picker` words it otherwise (a positioning's people to locate).
 */
export function PeopleChoice({
  chosen,
  onChange,
  errorId,
  picker,
}: {
  chosen: ChosenPerson[];
  onChange: (people: ChosenPerson[]) => void;
  errorId?: string;
  picker?: { title: string; intro: string };
}) {
  const t = useTranslations('newAlert.recipients');
  const peopleText = useTranslations('people');
  const dialogs = useDialogs();
  const [picking, setPicking] = useState(false);
  const chosenIds = new Set(chosen.map((person) => person.userId));

  async function add(userIds: string[]) {
    // The picker hands back ids; the names come from the same list it showed (fetched once more, small and fast).
    let users: CompanyMember[];
    try {
      users = (await uiApi.companyMembers()).users;
    } catch (error) {
      await dialogs.error(peopleText('loadErrorTitle'), peopleText('loadErrorMessage'), error);
      throw error; // the picker stays open with the choice
    }
    const picked = users.filter((user) => userIds.includes(user.userId)).map(({ userId, name }) => ({ userId, name }));
    onChange([...chosen, ...picked].sort((a, b) => a.name.localeCompare(b.name)));
    setPicking(false);
  }

  return (
    <div className={styles.peopleChoice}>
      {chosen.length > 0 ? (
        <ChipList label={t('peopleLabel')}>
          {chosen.map((person) => (
            <li key={person.userId} className={styles.chip}>
              <span>{person.name}</span>
              <button
                type="button"
                className={styles.chipRemove}
                onClick={() => onChange(chosen.filter((other) => other.userId !== person.userId))}
                aria-label={t('removePerson', { name: person.name })}
              >
                <CloseIcon size={14} strokeWidth={2.5} />
              </button>
            </li>
          ))}
        </ChipList>
      ) : (
        <p className={styles.choiceEmpty} id="people-none">
          {t('noPeople')}
        </p>
      )}
      <div>
        <button type="button" className="button" onClick={() => setPicking(true)} aria-describedby={errorId}>
          {t('choosePeople')}
        </button>
      </div>
      {picking && (
        <PeoplePickerDialog
          title={picker?.title ?? t('pickerTitle')}
          intro={picker?.intro ?? t('pickerIntro')}
          submitLabel={(count) => t('pickerSubmit', { count })}
          exclude={chosenIds}
          emptyText={t('pickerEmpty')}
          onSubmit={add}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}
