'use client';

import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { uiApi } from './ui-api';

const PREFERRED_BY_LOCALE: Record<string, string> = { 'no-nb': '+47', 'sv-se': '+46', 'da-dk': '+45', 'es-es': '+34' };

let dialCodesRequest: Promise<string[]> | null = null;

function loadDialCodes(): Promise<string[]> {
  dialCodesRequest ??= uiApi
    .dialCodes()
    .then((answer) => answer.dialCodes)
    .catch((error: unknown) => {
      dialCodesRequest = null; // let a later mount try again
      throw error;
    });
  return dialCodesRequest;
}

/**
 * The supported dial codes (loaded once per page) and the one to preselect: `companyDialCode` (the company's default
 * country, from its settings) when given, else the one of the user's language.
 */
export function useDialCodes(companyDialCode?: string | null): {
  dialCodes: string[];
  defaultDialCode: string;
  failed: boolean;
} {
  const locale = useLocale();
  const [dialCodes, setDialCodes] = useState<string[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    loadDialCodes().then(
      (codes) => current && setDialCodes(codes),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);
  const preferred = companyDialCode ?? PREFERRED_BY_LOCALE[locale];
  const defaultDialCode = preferred && dialCodes.includes(preferred) ? preferred : (dialCodes[0] ?? '');
  return { dialCodes, defaultDialCode, failed };
}
