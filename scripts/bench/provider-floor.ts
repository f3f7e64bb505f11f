import http from 'node:http';
import https from 'node:https';
import { cert } from 'firebase-admin/app';
import { gatewayAgent } from '@/lib/providers/push/gateway-agent';
import { mapConcurrently } from '@/lib/map-concurrently';
import type { FakeFcm } from '@/tests/helpers/fake-fcm';
import type { FakeTwilio } from '@/tests/helpers/fake-twilio';

// The floor of a delivery: the same provider requests from a bare HTTP client at the same limits, against the same
// fakes (so the same latency): Twilio's creates `twilioConcurrency` at a time, FCM's sends a batch (500) at a time, both
// side by side. Nothing else: no database, no queue, no receipts. Resolves with the ms until the last request arrived.

async function post(agent: http.Agent, url: string, headers: Record<string, string>, body: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    // FCM's address is https; the gateway agent connects it to the fake over plain TCP (as firebase-admin's requests).
    const send = url.startsWith('https:') ? https.request : http.request;
    const request = send(url, { method: 'POST', agent, headers }, (response) => {
      response.resume();
      response.on('end', () =>
        response.statusCode && response.statusCode < 300
          ? resolve()
          : reject(new Error(`${url}: ${response.statusCode}`)),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

export interface FloorRequests {
  sms: number;
  push: number;
  twilioConcurrency: number;
  fcmConcurrency: number;
}

export async function timeProviderFloor(twilio: FakeTwilio, fcm: FakeFcm, from: string, requests: FloorRequests) {
  const twilioAgent = new http.Agent({ keepAlive: true, maxSockets: requests.twilioConcurrency });
  const fcmAgent = gatewayAgent(fcm.url, requests.fcmConcurrency);
  const { access_token: accessToken } = await cert(fcm.serviceAccountFile, fcmAgent).getAccessToken();
  const twilioAuth = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`;
  const started = performance.now();
  const fire = (
    count: number,
    concurrency: number,
    agent: http.Agent,
    url: string,
    headers: Record<string, string>,
    body: (index: number) => string,
  ) =>
    mapConcurrently(
      Array.from({ length: count }, (_, index) => index),
      concurrency,
      (index) => post(agent, url, headers, body(index)),
    );
  const sms = fire(
    requests.sms,
    requests.twilioConcurrency,
    twilioAgent,
    `${twilio.url}/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
    { Authorization: twilioAuth, 'Content-Type': 'application/x-www-form-urlencoded' },
    (index) =>
      new URLSearchParams({ To: `+4799${String(index).padStart(6, '0')}`, From: from, Body: 'Floor' }).toString(),
  );
  const push = fire(
    requests.push,
    requests.fcmConcurrency,
    fcmAgent,
    `https://fcm.googleapis.com/v1/projects/${fcm.projectId}/messages:send`,
    { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    (index) => JSON.stringify({ message: { token: `floor-${index}`, data: { title: 'Floor' } } }),
  );
  await Promise.all([sms, push]);
  twilioAgent.destroy();
  fcmAgent.destroy();
  return Math.max(requests.sms ? twilio.lastCreateAt : 0, requests.push ? fcm.lastRequestAt : 0) - started;
}
