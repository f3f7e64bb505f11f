import { describe, it, expect } from '@jest/globals';
import { HOME_PATH, loginPathFor, safeRedirectPath } from '@/components/session/paths';
import { loginErrorText } from '@/components/auth/login-error';
import { newPasswordErrors } from '@/components/auth/new-password-errors';
import { ApiCallError } from '@/lib/http/client';

describe('redirect after login', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeRedirectPath('/alerts/7?tab=delivery#top')).toBe('/alerts/7?tab=delivery#top');
  });

  it.each([undefined, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'alerts', ['/a', '/b']])(
    'sends %p home instead',
    (value) => {
      expect(safeRedirectPath(value)).toBe(HOME_PATH);
    },
  );

  it('builds /login with the full original path', () => {
    expect(loginPathFor('/profile?x=1#y')).toBe('/login?redirect=%2Fprofile%3Fx%3D1%23y');
  });
});

describe('login error texts (spec §8)', () => {
  const failed = (status: number, body: Record<string, unknown>) => new ApiCallError(status, '', body);

  it('picks the message by code', () => {
    expect(loginErrorText(failed(401, { code: 'invalidCredentials' }))).toEqual({
      title: 'errorTitle',
      message: 'invalidCredentials',
      explained: true,
    });
    expect(loginErrorText(failed(401, { code: 'invalidOtp' }))).toEqual({
      title: 'errorTitle',
      message: 'invalidOtp',
      explained: true,
    });
    expect(loginErrorText(failed(403, { code: 'emailNotConfirmed' }))).toEqual({
      title: 'errorTitle',
      message: 'emailNotConfirmed',
      explained: true,
    });
    // An unknown failure: the server's own words are shown under the message.
    expect(loginErrorText(new Error('x'))).toEqual({ title: 'errorTitle', message: 'genericError', explained: false });
  });

  it('says how many minutes a ban lasts', () => {
    expect(loginErrorText(failed(429, { code: 'loginBanned', minutesRemaining: 4 }))).toEqual({
      title: 'bannedTitle',
      message: 'bannedMessage',
      values: { minutes: 4 },
      explained: true,
    });
    expect(loginErrorText(failed(429, { code: 'loginBanned' })).values).toEqual({ minutes: 1 });
    expect(loginErrorText(failed(429, { code: 'throttled', minutesRemaining: 12 }))).toEqual({
      title: 'bannedTitle',
      message: 'bannedMessage',
      values: { minutes: 12 },
      explained: true,
    });
  });
});

describe('new password rules', () => {
  it('needs at least 8 characters and the same text twice', () => {
    expect(newPasswordErrors('short', 'short')).toEqual({ password: 'passwordTooShort', repeat: undefined });
    expect(newPasswordErrors('long enough', 'long enuogh')).toEqual({
      password: undefined,
      repeat: 'passwordsDoNotMatch',
    });
    expect(newPasswordErrors('long enough', 'long enough')).toEqual({ password: undefined, repeat: undefined });
  });
});
