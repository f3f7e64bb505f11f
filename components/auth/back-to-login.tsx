import Link from 'next/link';
import { useTranslations } from 'next-intl';

/** The footer of the password pages a visitor reaches without being logged in. */
export function BackToLogin() {
  const t = useTranslations('auth');
  return (
    <p>
      <Link href="/login">{t('backToLogin')}</Link>
    </p>
  );
}
