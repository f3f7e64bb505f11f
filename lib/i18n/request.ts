import { cookies } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { loadMessages } from './load-messages';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE } from './locales';

// No locale in the path: the remembered choice (cookie) or en-us.
export default getRequestConfig(async () => {
  const remembered = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale = isLocale(remembered) ? remembered : DEFAULT_LOCALE;
  return {
    locale,
    messages: await loadMessages(locale),
    timeZone: 'Europe/Oslo',
    getMessageFallback: ({ namespace, key }) => (namespace ? `${namespace}.${key}` : key),
    onError: () => undefined,
  };
});
