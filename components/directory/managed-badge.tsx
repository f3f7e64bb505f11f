import { useTranslations } from 'next-intl';
import { LockIcon } from '@/components/ui/icons';

/**
 * Marks a member or team Entra ID provisions: read-only in the product (spec §6), changed in the directory. The hint
 * says so to a pointer and, beside the badge, to a screen reader.
 */
export function ManagedBadge() {
  const t = useTranslations('directory.managed');
  return (
    <span className="pill" title={t('hint')}>
      <LockIcon size={14} />
      {t('badge')}
      <span className="sr-only">{`: ${t('hint')}`}</span>
    </span>
  );
}
