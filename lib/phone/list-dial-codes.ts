import { SUPPORTED_DIAL_CODES } from './dial-codes';

/** GET /api/signup/dialCodes: the dial codes sign-up and phone numbers accept. */
export function listDialCodes() {
  return { dialCodes: SUPPORTED_DIAL_CODES };
}
