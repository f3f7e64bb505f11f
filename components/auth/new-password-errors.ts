export const MIN_PASSWORD_LENGTH = 8;

/** Field errors (as auth namespace keys) for a new password and its repetition: at least 8 characters, and equal. */
export function newPasswordErrors(
  password: string,
  repeat: string,
): { password?: 'passwordTooShort'; repeat?: 'passwordsDoNotMatch' } {
  return {
    password: password.length < MIN_PASSWORD_LENGTH ? 'passwordTooShort' : undefined,
    repeat: password.length >= MIN_PASSWORD_LENGTH && repeat !== password ? 'passwordsDoNotMatch' : undefined,
  };
}
