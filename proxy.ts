import { NextResponse, type NextRequest } from 'next/server';
import { isLocale, LOCALE_COOKIE } from '@/lib/i18n/locales';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

// `?lang=xx` selects the language and is removed from the URL (spec §2 Language): remember it in the cookie the server
// renders with, and redirect to the same address without the parameter. The page then copies it to local storage.
export function proxy(request: NextRequest) {
  const lang = request.nextUrl.searchParams.get('lang');
  const target = request.nextUrl.clone();
  target.searchParams.delete('lang');
  const response = NextResponse.redirect(target, 307);
  if (isLocale(lang))
    response.cookies.set(LOCALE_COOKIE, lang, { path: '/', maxAge: ONE_YEAR_SECONDS, sameSite: 'lax' });
  return response;
}

export const config = {
  matcher: [{ source: '/((?!api/|_next/|eventHub).*)', has: [{ type: 'query', key: 'lang' }] }],
};
