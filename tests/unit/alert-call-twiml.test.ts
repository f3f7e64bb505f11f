import { describe, it, expect } from '@jest/globals';
import { alertCallTwiml, confirmedCallTwiml } from '@/lib/voice/alert-call-twiml';

const profile = {
  voiceId: 'Polly.Liv',
  language: 'nb-NO',
  messageIntroduction: 'Dette er et varsel fra Fjord & Co.',
  messageCallConf: 'Trykk 1 for å bekrefte.',
  messageKey1: 'Takk.',
};

describe('TwiML of an alert call', () => {
  it('reads the alert twice, listening for the key each time, then hangs up; text is escaped', () => {
    const xml = alertCallTwiml(
      profile,
      { title: 'Brann <B>', message: 'Gå ut' },
      'https://tocsin.example/api/webhooks/twilio/voice-gather?alertId=a1&userId=u1',
    );
    expect(xml.match(/<Gather /g)).toHaveLength(2);
    expect(xml).toContain('action="https://tocsin.example/api/webhooks/twilio/voice-gather?alertId=a1&amp;userId=u1"');
    expect(xml).toContain(
      '<Say voice="Polly.Liv" language="nb-NO">Dette er et varsel fra Fjord &amp; Co. Brann &lt;B&gt;. Gå ut</Say>',
    );
    expect(xml).toContain('Trykk 1 for å bekrefte.');
    expect(xml.endsWith('<Hangup/></Response>')).toBe(true);
  });

  it('thanks the person after the key press', () => {
    expect(confirmedCallTwiml(profile)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Polly.Liv" language="nb-NO">Takk.</Say><Hangup/></Response>',
    );
  });
});
