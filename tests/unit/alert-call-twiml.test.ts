import { describe, it, expect } from '@jest/globals';
import { alertCallTwiml, answeredCallTwiml, confirmedCallTwiml, optionsAgainTwiml } from '@/lib/voice/alert-call-twiml';
import type { VoiceProfileTexts } from '@/lib/voice/voice-profile';

const profile: VoiceProfileTexts = {
  voiceId: 'Polly.Liv',
  language: 'nb-NO',
  messageIntroduction: 'Dette er et varsel fra Fjord & Co.',
  messageCallConf: 'Trykk 1 for å bekrefte.',
  messageKey1: 'Takk.',
  conferenceText: null,
  customized: true,
  locale: 'no-nb',
};
const withConference = { ...profile, conferenceText: 'Du kobles til beredskapsmøtet etter at du har bekreftet.' };
const ALERT_ID = '3f1c2a4e-0000-4000-8000-000000000001';

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
    expect(xml).not.toContain('beredskapsmøtet');
    expect(xml.endsWith('<Hangup/></Response>')).toBe(true);
  });

  it('reads the conference text after how to confirm, in each reading, when the company has one', () => {
    const xml = alertCallTwiml(withConference, { title: 'Brann', message: 'Gå ut' }, 'https://tocsin.example/g');
    const readings = xml.split('<Gather ').slice(1);
    expect(readings).toHaveLength(2);
    for (const reading of readings) {
      expect(reading.indexOf('Trykk 1 for å bekrefte.')).toBeLessThan(reading.indexOf('beredskapsmøtet'));
    }
  });

  it('thanks the person after the key press and hangs up when there is no conference', () => {
    expect(confirmedCallTwiml(profile, ALERT_ID)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Polly.Liv" language="nb-NO">Takk.</Say><Hangup/></Response>',
    );
  });

  it('with a conference text, thanks the person and puts them in the alert’s own conference room', () => {
    expect(confirmedCallTwiml(withConference, ALERT_ID)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Polly.Liv" language="nb-NO">Takk.</Say>' +
        '<Dial><Conference startConferenceOnEnter="true" endConferenceOnExit="false" beep="true">' +
        `tocsin-alert-${ALERT_ID}</Conference></Dial></Response>`,
    );
  });
});

describe('TwiML of an alert call with response options', () => {
  const english = { voiceId: 'Polly.Joanna', language: 'en-US' };
  const options = { speaker: english, lines: ["For I'm safe, press 1.", 'For I need help, press 2.'] };
  const said = {
    registered: 'Your answer is registered: I need help.',
    change: 'To change your answer, press another number.',
  };

  it('reads the options in place of how to confirm, in their own voice, conference text last', () => {
    const xml = alertCallTwiml(
      withConference,
      { title: 'Brann', message: 'Gå ut' },
      'https://tocsin.example/g?s=1',
      options,
    );
    const readings = xml.split('<Gather ').slice(1);
    expect(readings).toHaveLength(2);
    for (const reading of readings) {
      expect(reading).not.toContain('Trykk 1 for å bekrefte.');
      expect(reading).toContain(
        '<Say voice="Polly.Joanna" language="en-US">For I\'m safe, press 1.</Say>' +
          '<Say voice="Polly.Joanna" language="en-US">For I need help, press 2.</Say>' +
          '<Say voice="Polly.Liv" language="nb-NO">Du kobles til beredskapsmøtet etter at du har bekreftet.</Say>',
      );
    }
  });

  it('after an answer: which one, the options again to change it, then the conference room or goodbye', () => {
    const plain = answeredCallTwiml(profile, ALERT_ID, said, options, 'https://tocsin.example/g?s=2');
    expect(plain.indexOf('Your answer is registered')).toBeLessThan(plain.indexOf('<Gather '));
    expect(plain).toContain('action="https://tocsin.example/g?s=2"');
    expect(plain.endsWith('</Gather><Hangup/></Response>')).toBe(true);
    const conference = answeredCallTwiml(withConference, ALERT_ID, said, options, 'https://tocsin.example/g?s=2');
    expect(conference).toContain(`</Gather><Dial><Conference `);
    expect(optionsAgainTwiml(options, 'https://tocsin.example/g?s=3')).toContain(
      'For I need help, press 2.</Say></Gather><Hangup/>',
    );
  });
});
