import styles from './person.module.css';

/** Up to two letters for a person without a photo: the first letters of the first and the last name. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase();
}

/** A small round photo (or the initials) and the name. */
export function Person({ name, photo, className }: { name: string; photo: string | null; className?: string }) {
  return (
    <span className={className ? `${styles.person} ${className}` : styles.person}>
      {photo ? (
        <img className={styles.avatar} src={photo} alt="" />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {initials(name)}
        </span>
      )}
      <span className={styles.personName}>{name}</span>
    </span>
  );
}
