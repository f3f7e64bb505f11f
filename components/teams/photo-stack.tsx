import styles from './teams.module.css';

/** Up to a few member photos, overlapping; a people icon when nobody in the team has a photo. */
export function PhotoStack({ photos }: { photos: string[] }) {
  if (photos.length === 0) {
    return (
      <span className={`${styles.stackPhoto} ${styles.stackIcon}`} aria-hidden="true">
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm13 10v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
        </svg>
      </span>
    );
  }
  return (
    <span className={styles.stack} aria-hidden="true">
      {photos.map((photo) => (
        // eslint-disable-next-line @next/next/no-img-element -- a signed storage link, not a static asset
        <img key={photo} className={styles.stackPhoto} src={photo} alt="" />
      ))}
    </span>
  );
}
