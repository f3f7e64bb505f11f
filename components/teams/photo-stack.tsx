import { PeopleIcon } from '@/components/ui/icons';
import styles from './teams.module.css';

/** Up to a few member photos, overlapping; a people icon when nobody in the team has a photo. */
export function PhotoStack({ photos }: { photos: string[] }) {
  if (photos.length === 0) {
    return (
      <span className={`${styles.stackPhoto} ${styles.stackIcon}`} aria-hidden="true">
        <PeopleIcon size={16} />
      </span>
    );
  }
  return (
    <span className={styles.stack} aria-hidden="true">
      {photos.map((photo) => (
        <img key={photo} className={styles.stackPhoto} src={photo} alt="" />
      ))}
    </span>
  );
}
