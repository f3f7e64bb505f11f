import twilio from 'twilio';

/** A webhook request the way Twilio posts it: form-encoded, signed with the account's auth token over the URL and fields. */
export function postAsTwilio(url: string, authToken: string, params: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': twilio.getExpectedTwilioSignature(authToken, url, params),
    },
    body: new URLSearchParams(params).toString(),
  });
}
