import { describe, it, expect } from '@jest/globals';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { composeEmail, type EmailKind } from '@/lib/email/compose-email';
import { LOCALES } from '@/lib/i18n/locales';
import { messageTranslator } from '@/lib/i18n/message-translator';

const KINDS: EmailKind[] = [
  'signupConfirmation',
  'passwordReset',
  'passwordChanged',
  'twoFactorChanged',
  'accountDeleted',
];
const WITH_BUTTON: EmailKind[] = ['signupConfirmation', 'passwordReset', 'passwordChanged', 'twoFactorChanged'];
const values = {
  name: 'Ingrid Solberg',
  link: 'https://tocsin.test/resetPassword?token=t0k3n&x=1',
  companyName: 'Fjord Rescue',
};

describe('composeEmail', () => {
  describe.each(LOCALES)('%s', (locale) => {
    it.each(KINDS)('%s has a subject and names the person in text and HTML, in the right language', async (kind) => {
      const email = await composeEmail(kind, locale, values);
      expect(email.subject.trim()).not.toBe('');
      expect(email.subject).not.toContain(`${kind}.`);
      expect(email.text).toContain('Ingrid Solberg');
      expect(email.html).toContain('Ingrid Solberg');
      expect(email.html).toMatch(/^<!DOCTYPE html>/);
      expect(email.html).toContain(
        `lang="${{ 'en-us': 'en-US', 'es-es': 'es-ES', 'no-nb': 'nb-NO', 'da-dk': 'da-DK', 'sv-se': 'sv-SE' }[locale]}"`,
      );
      if (locale !== 'en-us') expect(email.subject).not.toBe((await composeEmail(kind, 'en-us', values)).subject);
    });

    it.each(WITH_BUTTON)('%s carries the link as a button and as plain text', async (kind) => {
      const email = await composeEmail(kind, locale, values);
      expect(email.text).toContain(values.link);
      expect(email.html).toContain('href="https://tocsin.test/resetPassword?token=t0k3n&amp;x=1"');
    });
  });

  it('names the company in the sign-up confirmation', async () => {
    const email = await composeEmail('signupConfirmation', 'da-dk', values);
    expect(email.text).toContain('Fjord Rescue');
    expect(email.html).toContain('Fjord Rescue');
  });

  it('tells that a reset link is valid for 1 hour', async () => {
    expect((await composeEmail('passwordReset', 'en-us', values)).text).toContain('valid for 1 hour');
    expect((await composeEmail('passwordReset', 'sv-se', values)).text).toContain('1 timme');
  });

  it('leaves the button out of security notices without a link, and never puts one in the deletion notice', async () => {
    const notice = await composeEmail('passwordChanged', 'en-us', { name: 'Ingrid' });
    expect(notice.html).not.toContain('href=');
    const deleted = await composeEmail('accountDeleted', 'en-us', values);
    expect(deleted.html).not.toContain('href=');
    expect(deleted.text).not.toContain(values.link);
  });

  it('escapes the values in the HTML and keeps them as they are in the text', async () => {
    const hostile = {
      name: `<script>alert("x")</script> O'Neil & Co`,
      link: 'https://tocsin.test/confirmAdmin?token="><img src=x>',
      companyName: '<b>ACME</b>',
    };
    const email = await composeEmail('signupConfirmation', 'en-us', hostile);
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>ACME');
    expect(email.html).not.toContain('"><img');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Neil &amp; Co');
    expect(email.html).toContain('&lt;b&gt;ACME&lt;/b&gt;');
    expect(email.text).toContain(hostile.name);
    expect(email.text).toContain(hostile.link);
  });

  describe('salesRequest', () => {
    const fields = [
      { name: 'topic', value: 'moreSeats' },
      { name: 'seatsWanted', value: '25' },
      { name: 'message', value: 'We are growing.\nCall me <after> lunch & soon.' },
      { name: 'requesterEmail', value: 'ada@example.test' },
      { name: 'plan', value: 'professional' },
    ];
    const sales = { name: 'Ada Admin', companyName: 'Fjord Rescue', fields };

    it.each(LOCALES)(
      '%s: lists every pair, labelled and with choices in words, and greets the team',
      async (locale) => {
        const email = await composeEmail('salesRequest', locale, sales);
        const english = await composeEmail('salesRequest', 'en-us', sales);
        expect(email.subject).toContain('Fjord Rescue');
        expect(email.text).toContain('Ada Admin');
        for (const value of ['25', 'ada@example.test', 'We are growing.\nCall me <after> lunch & soon.']) {
          expect(email.text).toContain(value);
        }
        expect(email.html).toContain('We are growing.\nCall me &lt;after&gt; lunch &amp; soon.');
        // Labels and choices are texts of the language, never the keys.
        expect(email.text).not.toMatch(/salesRequest\.|moreSeats|seatsWanted|requesterEmail/);
        expect(email.html).not.toMatch(/salesRequest\.|moreSeats|seatsWanted|requesterEmail/);
        // The sales team answers by replying: no "do not reply" footer, and no "Hello Ada" (the mail is not to her).
        expect(email.text).not.toContain((await messageTranslator(locale, 'email')).t('layout.footer'));
        if (locale !== 'en-us') {
          expect(email.subject).not.toBe(english.subject);
          expect(email.text).not.toBe(english.text);
        }
      },
    );

    it('shows the English labels and words in en-us', async () => {
      const email = await composeEmail('salesRequest', 'en-us', sales);
      expect(email.text).toContain('Topic: More seats\nExtra seats wanted: 25\n');
      expect(email.text).toContain('Current plan: Professional');
      expect(email.text).toContain('Reply to this e-mail to answer Ada Admin directly.');
      expect(email.text.startsWith('Hello,\n')).toBe(true);
      expect(email.html).toContain('>Extra seats wanted</th>');
    });

    it('needs the company', async () => {
      await expect(composeEmail('salesRequest', 'en-us', { name: 'Ada', fields })).rejects.toThrow('needs companyName');
    });
  });

  describe('salesAnswer', () => {
    const answer = {
      name: 'Ada Admin',
      companyName: 'Fjord Rescue',
      fields: [
        { name: 'topic', value: 'otherPlan' },
        { name: 'planWanted', value: 'enterprise' },
        { name: 'message', value: 'Can we get Flic buttons?' },
      ],
      quote: 'Yes: from <March> & on.\nRegards, Olga',
    };

    it.each(LOCALES)('%s: greets the requester, repeats what they asked and quotes the answer', async (locale) => {
      const email = await composeEmail('salesAnswer', locale, answer);
      const english = await composeEmail('salesAnswer', 'en-us', answer);
      const { t } = await messageTranslator(locale, 'email');
      expect(email.subject).toContain('Fjord Rescue');
      expect(email.text).toContain('Ada Admin');
      expect(email.text).toContain(`${t('salesAnswer.quoteIntro')}\n\nYes: from <March> & on.\nRegards, Olga\n`);
      expect(email.html).toContain('Yes: from &lt;March&gt; &amp; on.\nRegards, Olga</div>');
      expect(email.text).toContain(`${t('salesAnswer.choices.planWanted.enterprise')}`);
      expect(email.text).not.toMatch(/salesAnswer\.|otherPlan|planWanted|\{replyTo|none/);
      expect(email.html).not.toMatch(/salesAnswer\.|otherPlan|planWanted|\{replyTo/);
      // Without a Reply-To: "do not reply" and the way to ask more; with one, the address replies go to.
      expect(email.text).toContain(t('layout.footer'));
      const replyable = await composeEmail('salesAnswer', locale, { ...answer, replyTo: 'sales@provider.test' });
      expect(replyable.text).not.toContain(t('layout.footer'));
      expect(replyable.text).toContain('sales@provider.test');
      expect(replyable.html).toContain('sales@provider.test');
      if (locale !== 'en-us') {
        expect(email.subject).not.toBe(english.subject);
        expect(email.text).not.toBe(english.text);
      }
    });

    it('reads as English in en-us', async () => {
      const email = await composeEmail('salesAnswer', 'en-us', answer);
      expect(email.subject).toBe('Answer to your sales request for Fjord Rescue');
      expect(
        email.text.startsWith('Hello Ada Admin,\n\nYou contacted sales for Fjord Rescue through Tocsin:\n\n'),
      ).toBe(true);
      expect(email.text).toContain(
        'Topic: Another plan\nPlan wanted: Enterprise\nYour message: Can we get Flic buttons?',
      );
      const replyable = await composeEmail('salesAnswer', 'en-us', { ...answer, replyTo: 'sales@provider.test' });
      expect(replyable.text).toContain('reply to this e-mail');
      expect(replyable.text).toContain('This message was sent by Tocsin; a reply goes to sales@provider.test.');
    });
  });

  it('falls back to en-us for an unknown locale', async () => {
    expect(await composeEmail('passwordReset', 'xx-yy', values)).toEqual(
      await composeEmail('passwordReset', 'en-us', values),
    );
  });

  it('refuses to compose a confirmation or reset without its link', async () => {
    await expect(composeEmail('passwordReset', 'en-us', { name: 'Ingrid' })).rejects.toThrow('needs link');
    await expect(composeEmail('signupConfirmation', 'en-us', { name: 'Ingrid', link: values.link })).rejects.toThrow(
      'needs companyName',
    );
  });
});

describe('the responder’s QR code in an e-mail', () => {
  const responderUrl = 'https://tocsin.example/r';

  /** The modules of a QR code picture, read at the centre of each (the quiet zone is `margin` modules wide). */
  function readModules(png: Buffer, size: number, margin: number): boolean[] {
    const image = PNG.sync.read(png);
    const scale = image.width / (size + 2 * margin);
    const modules: boolean[] = [];
    for (let row = 0; row < size; row += 1)
      for (let column = 0; column < size; column += 1) {
        const x = Math.floor((column + margin + 0.5) * scale);
        const y = Math.floor((row + margin + 0.5) * scale);
        modules.push(image.data[(y * image.width + x) * 4] < 128);
      }
    return modules;
  }

  it.each(LOCALES)('%s: an inline picture the HTML shows, which is the QR code of the address', async (locale) => {
    const email = await composeEmail('appDownloadReminder', locale, {
      name: 'Ingrid Solberg',
      companyName: 'Fjord Rescue',
      inviterName: 'Ada Admin',
      links: [{ key: 'responder', url: responderUrl }],
      qrCodeOf: responderUrl,
    });
    expect(email.images).toHaveLength(1);
    const [image] = email.images;
    expect(email.html).toContain(`<img src="cid:${image.cid}"`);
    const { t } = await messageTranslator(locale, 'email');
    expect(email.html).toContain(`alt="${t('layout.qrAlt')}"`);
    expect(email.html).toContain(t('layout.qrCaption').replace(/'/g, '&#39;'));
    const expected = QRCode.create(responderUrl, { errorCorrectionLevel: 'M' }).modules;
    const read = readModules(Buffer.from(image.contentBase64, 'base64'), expected.size, 2);
    expect(read).toEqual(Array.from(expected.data, (bit) => bit === 1));
  });

  it('is left out when no address is given', async () => {
    const email = await composeEmail('passwordReset', 'en-us', values);
    expect(email.images).toEqual([]);
    expect(email.html).not.toContain('<img');
  });
});
