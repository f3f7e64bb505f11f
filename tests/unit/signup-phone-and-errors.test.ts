import { describe, it, expect } from '@jest/globals';
import { formatPhone, isValidE164, splitE164, toE164 } from '@/components/ui/phone-number';
import { signupErrorText } from '@/components/signup/signup-error';
import { ApiCallError } from '@/lib/http/client';

const DIAL_CODES = ['+47', '+46', '+358', '+1', '+354'];

describe('phone numbers of the sign-up and SOS forms', () => {
  it('joins the dial code and the typed number, without spaces, dashes or a trunk zero', () => {
    expect(toE164('+47', '912 34 567')).toBe('+4791234567');
    expect(toE164('+46', '070-123 45 67')).toBe('+46701234567');
  });

  it('splits a stored number by the longest dial code that starts it', () => {
    expect(splitE164('+4791234567', DIAL_CODES)).toEqual({ dialCode: '+47', localNumber: '91234567' });
    expect(splitE164('+358401234567', DIAL_CODES)).toEqual({ dialCode: '+358', localNumber: '401234567' });
    expect(splitE164('+3541234567', DIAL_CODES)).toEqual({ dialCode: '+354', localNumber: '1234567' });
  });

  it('keeps a number whose dial code is not offered, with the first dial code selected', () => {
    expect(splitE164('+8613800138000', DIAL_CODES)).toEqual({ dialCode: '+47', localNumber: '8613800138000' });
  });

  it('checks the shape before the server does', () => {
    expect(isValidE164('+4791234567')).toBe(true);
    expect(isValidE164('+4712')).toBe(false);
    expect(isValidE164('91234567')).toBe(false);
  });

  it('shows numbers as people read them', () => {
    const shown = formatPhone('+4791234567');
    expect(shown).toMatch(/^\+47( \d+)+$/);
    expect(shown.replace(/ /g, '')).toBe('+4791234567');
    expect(formatPhone('not a number')).toBe('not a number');
  });
});

describe('sign-up error dialog', () => {
  const failure = (status: number, code?: string) =>
    new ApiCallError(status, '', { errors: ['x'], ...(code ? { code } : {}) });

  it.each([
    ['captcha', 'errors.robotTitle'],
    ['userExists', 'errors.userExistsTitle'],
    ['dialCode', 'errors.dialCodeTitle'],
    ['eula', 'errors.registrationTitle'],
  ])('is titled by the code %s', (code, title) => {
    expect(signupErrorText(failure(400, code)).title).toBe(title);
  });

  it('falls back to "Registration Error"', () => {
    expect(signupErrorText(failure(400))).toEqual({
      title: 'errors.registrationTitle',
      message: 'errors.registrationMessage',
    });
    expect(signupErrorText(new Error('offline'))).toEqual({
      title: 'errors.registrationTitle',
      message: 'errors.registrationMessage',
    });
  });
});
