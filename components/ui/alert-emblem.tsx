import { AlarmIcon, MissionAlarmIcon, SosIcon, UrgentAlertIcon } from './icons';
import styles from './alert-card.module.css';

const GLYPHS: Record<string, typeof UrgentAlertIcon> = {
  urgentAlert: UrgentAlertIcon,
  alarm: AlarmIcon,
  sos: SosIcon,
  missionAlarm: MissionAlarmIcon,
};

/** Spec §2 Alert card: the emblem by alert type, with the type's name for screen readers. */
export function AlertEmblem({ type, label }: { type: string; label: string }) {
  const Glyph = GLYPHS[type] ?? UrgentAlertIcon;
  return (
    <span className={`${styles.emblem} ${styles[`emblem-${type}`] ?? ''}`} role="img" aria-label={label} title={label}>
      <Glyph size={20} />
    </span>
  );
}
