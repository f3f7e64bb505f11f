import { useTranslations } from 'next-intl';
import type { AlertTargetView } from '@/components/alerts/alert-api';
import styles from './alert-form.module.css';

/** Spec §3 Target in words: the whole company, the teams, people, devices, saved locations and a custom area. */
export function TargetSummary({ target }: { target: AlertTargetView }) {
  const t = useTranslations('alerts.details.target');
  const groups: { key: string; label: string; names: string[] }[] = [
    { key: 'teams', label: t('teams'), names: target.teams.map((team) => team.name) },
    { key: 'users', label: t('users'), names: target.users.map((user) => user.name) },
    { key: 'devices', label: t('devices'), names: target.devices.map((device) => device.name) },
    { key: 'locations', label: t('locations'), names: target.locations.map((location) => location.name) },
  ].filter((group) => group.names.length > 0);
  const area = target.adHocLocation;
  const nothing = !target.company && groups.length === 0 && !area;
  return (
    <ul className={styles.targetList} data-testid="alert-target">
      {target.company && <li>{t('company')}</li>}
      {groups.map((group) => (
        <li key={group.key}>
          <span className={styles.targetLabel}>{group.label}:</span> {group.names.join(', ')}
        </li>
      ))}
      {area && (
        <li>
          <span className={styles.targetLabel}>{t('customArea')}:</span> {area.name ?? t('unnamedArea')}
        </li>
      )}
      {nothing && <li className="muted">{t('nobody')}</li>}
    </ul>
  );
}
