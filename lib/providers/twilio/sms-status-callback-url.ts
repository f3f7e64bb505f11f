import { publicUrl } from '@/lib/http-parts/public-url';

/** Where Twilio reports an alert SMS's progress (sent, delivered, undelivered), which moves its receipt. */
export function smsStatusCallbackUrl(): string {
  return publicUrl('/api/webhooks/twilio/sms-status');
}
