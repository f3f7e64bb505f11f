'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { PlusIcon } from '@/components/ui/icons';
import { profileApi, type PickableMember } from './profile-api';
import styles from './sos-list.module.css';

/** One way to add to the SOS list: a company member (their phone comes from their profile); `exclude` is not offered. */
export function SosMemberPicker({
  exclude,
  disabled,
  onPick,
}: {
  exclude: ReadonlySet<string>;
  disabled: boolean;
  onPick: (member: PickableMember) => void;
}) {
  const t = useTranslations('profile.sos');
  const [members, setMembers] = useState<PickableMember[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    profileApi.sosMembers(controller.signal).then(
      (answer) => setMembers(answer.users),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, []);

  if (failed) return <p className="muted small">{t('membersUnavailable')}</p>;
  const offered = (members ?? []).filter((member) => !exclude.has(member.userId));
  const pick = () => {
    const member = offered.find((candidate) => candidate.userId === chosen);
    if (!member) return;
    onPick(member);
    setChosen('');
  };
  return (
    <div className={styles.addWay}>
      <label htmlFor="sos-member" className={styles.addWayLabel}>
        {t('memberLabel')}
      </label>
      <div className={styles.picker}>
        <select
          id="sos-member"
          className="input"
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          disabled={disabled || members === null || offered.length === 0}
        >
          <option value="">
            {members === null
              ? t('membersLoading')
              : offered.length === 0
                ? t('noMoreMembers')
                : t('memberPlaceholder')}
          </option>
          {offered.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </select>
        <button type="button" className="button" onClick={pick} disabled={disabled || !chosen}>
          <PlusIcon />
          {t('addMember')}
        </button>
      </div>
    </div>
  );
}
