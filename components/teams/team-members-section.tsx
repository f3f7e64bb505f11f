'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { Person } from '@/components/ui/person';
import { PeoplePickerDialog } from '@/components/ui/people-picker-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { formatPhone } from '@/components/ui/phone-number';
import { useToast } from '@/components/ui/toasts';
import { CloseIcon, PlusIcon } from '@/components/ui/icons';
import { teamPath } from './team';
import { teamsApi, type TeamWithPeople } from './teams-api';
import { useTeamError } from './use-team-error';
import personStyles from '@/components/ui/person.module.css';
import styles from './teams.module.css';

/** The team's people (name, contact, app or SMS only), remove one, and add more with the member picker. */
export function TeamMembersSection({
  team,
  onChanged,
  startPicking = false,
}: {
  team: TeamWithPeople;
  onChanged: () => void;
  /** Opens the member picker at once (a team just created). */
  startPicking?: boolean;
}) {
  const t = useTranslations('teams.team');
  const tPicker = useTranslations('teams.picker');
  const toast = useToast();
  const showError = useTeamError();
  const [picking, setPicking] = useState(startPicking && !team.managed);
  const [removingId, setRemovingId] = useState<string | null>(null);
  useEffect(() => {
    // Opened once: a reload or a link back to this page shows the team without the picker.
    if (startPicking) window.history.replaceState(null, '', teamPath(team.id));
  }, [startPicking, team.id]);
  const inTeam = useMemo(() => new Set(team.members.map((member) => member.userId)), [team.members]);

  async function add(userIds: string[]) {
    try {
      await teamsApi.addMembers(team.id, userIds);
    } catch (error) {
      await showError(tPicker('errorTitle'), tPicker('errorMessage'), error);
      throw error;
    }
    toast(tPicker('added', { count: userIds.length }));
    setPicking(false);
    onChanged();
  }

  async function remove(userId: string, name: string) {
    setRemovingId(userId);
    try {
      await teamsApi.removeMember(team.id, userId);
      toast(t('removed', { name }));
      onChanged();
    } catch (error) {
      await showError(t('removeErrorTitle'), t('removeErrorMessage'), error);
    } finally {
      setRemovingId(null);
    }
  }

  return (
    <SectionCard
      id="team-members"
      title={t('membersHeading')}
      intro={t('membersIntro')}
      action={
        !team.managed && (
          <button type="button" className="button" onClick={() => setPicking(true)}>
            <PlusIcon />
            {t('addMembers')}
          </button>
        )
      }
    >
      {team.people.length === 0 ? (
        <p className={styles.subtle}>{t('noMembers')}</p>
      ) : (
        <ul className={personStyles.people} aria-label={t('membersHeading')}>
          {team.people.map((person) => (
            <li key={person.userId} className={personStyles.personRow} data-testid="team-person">
              <div className={styles.personMain}>
                <Person name={person.name} photo={person.profilePhoto} />
                <span className={styles.contact}>
                  <span>{person.email}</span>
                  {person.phone && <span>{formatPhone(person.phone)}</span>}
                </span>
              </div>
              {!person.hasApp && (
                <span className={`pill ${styles.smsTag}`} title={t('smsOnlyHint')}>
                  {t('smsOnly')}
                </span>
              )}
              {!team.managed && (
                <button
                  type="button"
                  className={`icon-button ${styles.deleteButton}`}
                  onClick={() => remove(person.userId, person.name)}
                  disabled={removingId !== null}
                  aria-label={t('remove', { name: person.name })}
                >
                  <CloseIcon />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {picking && (
        <PeoplePickerDialog
          title={tPicker('title')}
          intro={tPicker('intro', { team: team.name })}
          submitLabel={(count) => tPicker('submit', { count })}
          exclude={inTeam}
          emptyText={tPicker('allInTeam')}
          onSubmit={add}
          onClose={() => setPicking(false)}
        />
      )}
    </SectionCard>
  );
}
