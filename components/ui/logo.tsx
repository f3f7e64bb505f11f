import { useTranslations } from 'next-intl';

/** The bell mark and the product name. Usable from server and client components. */
export function Logo({ size = 28 }: { size?: number }) {
  const t = useTranslations('common');
  return (
    <span className="logo">
      <svg aria-hidden="true" width={size} height={size} viewBox="0 0 32 32">
        <rect width="32" height="32" rx="8" fill="var(--brand)" />
        <path d="M16 7a6 6 0 0 0-6 6v4.5L8 21h16l-2-3.5V13a6 6 0 0 0-6-6Zm-2.5 16a2.5 2.5 0 0 0 5 0Z" fill="#fff" />
      </svg>
      <span className="logo-name">{t('productName')}</span>
    </span>
  );
}
