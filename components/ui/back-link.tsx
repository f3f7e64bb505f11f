import Link from 'next/link';
import { ChevronLeftIcon } from './icons';
import styles from './back-link.module.css';

/** "‹ Back to …" above a page's heading. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className={styles.back}>
      <ChevronLeftIcon size={16} />
      {label}
    </Link>
  );
}
