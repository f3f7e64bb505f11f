import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy } from '@/lib/http/content-security-policy';
import { isLocale, LOCALE_COOKIE } from '@/lib/i18n/locales';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Every page: a fresh nonce and the Content-Security-Policy built with it, on the response and on the request, where
 * Next finds it and puts the nonce on its own scripts (the pages are rendered per request).
 * `?lang=xx` selects the language and is removed from the URL (spec §2 Language): remember it in the cookie the server
 * renders with, and redirect to the same address without the parameter. The page then copies it to local storage.
 */
export function proxy(request: NextRequest) {
  const lang = request.nextUrl.searchParams.get('lang');
  if (lang !== null) {
    const target = request.nextUrl.clone();
    target.searchParams.delete('lang');
    const response = NextResponse.redirect(target, 307);
    if (isLocale(lang))
      response.cookies.set(LOCALE_COOKIE, lang, { path: '/', maxAge: ONE_YEAR_SECONDS, sameSite: 'lax' });
    return response;
  }
  const policy = contentSecurityPolicy(Buffer.from(crypto.randomUUID()).toString('base64'));
  const headers = new Headers(request.headers);
  headers.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  // Pages only: API and SCIM answers, static chunks and the socket carry no HTML.
  matcher: [{ source: '/((?!api/|scim/|_next/static|_next/image|eventHub|favicon.ico).*)' }],
};
