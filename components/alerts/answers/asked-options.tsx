'use client';

import { useTranslations } from 'next-intl';
import { useOptionWords } from '@/components/alert-form/option-words';
import type { AlertDetail } from '../alert-api';

/** The options the alert asked, numbered as people answer them by SMS or by phone. */
export function AskedOptions({ options }: { options: AlertDetail['responseOptions'] }) {
  const t = useTranslations('answers');
  const words = useOptionWords();
  return (
    <p className="muted small" data-testid="asked-options">
      {t('asked', { options: options.map((option) => `${option.option} ${words(option)}`).join(' · ') })}
    </p>
  );
}
