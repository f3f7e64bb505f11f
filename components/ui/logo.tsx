import { getTranslations } from 'next-intl/server';

/** The bell mark and the product name. */
export async function Logo() {
  const t = await getTranslations('common');
  return (
    <span className="logo">
      <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32">
        <rect width="32" height="32" rx="8" fill="var(--brand)" />
        <path d="M16 7a6 6 0 0 0-6 6v4.5L8 21h16l-2-3.5V13a6 6 0 0 0-6-6Zm-2.5 16a2.5 2.5 0 0 0 5 0Z" fill="#fff" />
      </svg>
      <span className="logo-name">{t('productName')}</span>
    </span>
  );
}
