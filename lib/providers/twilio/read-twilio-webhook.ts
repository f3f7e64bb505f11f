import twilio from 'twilio';
import { ApiError } from '@/lib/api-error';
import { required } from '@/lib/env';
import { publicUrl } from '@/lib/http-parts/public-url';
import { twilioConfigured } from './twilio-client';

/** The form fields Twilio posted (MessageSid, From, Body, Digits...). */
export interface TwilioWebhook {
  form: Record<string, string>;
}

/**
 * The form fields of a Twilio callback, once its X-Twilio-Signature proves Twilio sent it (DESIGN §5). Twilio signs the
 * URL it was given, which we build from PUBLIC_URL, so the check does not trust the request's own Host header.
 * Unsigned, tampered or unexpected callbacks get 403 and change nothing.
 */
export async function readTwilioWebhook(request: Request): Promise<Record<string, string>> {
  if (!twilioConfigured()) throw ApiError.forbidden('Twilio is not configured');
  const form = await request.formData().catch(() => null);
  if (!form) throw ApiError.forbidden('The Twilio signature is not valid');
  const params: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === 'string') params[name] = value;
  const { pathname, search } = new URL(request.url);
  const signature = request.headers.get('x-twilio-signature') ?? '';
  if (
    !signature ||
    !twilio.validateRequest(required('TWILIO_AUTH_TOKEN'), signature, publicUrl(`${pathname}${search}`), params)
  ) {
    throw ApiError.forbidden('The Twilio signature is not valid');
  }
  return params;
}
