import { HTML_LANG } from '@/lib/i18n/locales';
import { messageTranslator } from '@/lib/i18n/message-translator';
import type { InlineImage } from '@/lib/providers/email/email-message';
import { qrCodeImage } from './qr-code-image';
import { renderEmailHtml } from './render-email-html';

export type EmailKind =
  | 'signupConfirmation'
  | 'passwordReset'
  | 'passwordChanged'
  | 'twoFactorChanged'
  | 'accountDeleted'
  | 'memberInvitation'
  | 'membershipInvitation'
  | 'addedToCompany'
  | 'appDownloadReminder'
  | 'salesRequest'
  | 'salesAnswer'
  | 'channelTest'
  | 'helpNeeded';

export interface EmailValues {
  name: string;
  /** The button's target; required for signupConfirmation and passwordReset, optional (a reset link) for the security notices. */
  link?: string;
  /** Required for signupConfirmation, memberInvitation and addedToCompany. */
  companyName?: string;
  /** Who added the person (memberInvitation, addedToCompany). */
  inviterName?: string;
  /** Further links whose labels are the messages `email.<kind>.links.<key>` (appDownloadReminder: appStore, playStore). */
  links?: { key: string; url: string }[];
  /** An address also drawn as a QR code after the links (the responder's), for a phone's camera. */
  qrCodeOf?: string;
  /**
   * Name/value pairs listed after the intro (salesRequest), each labelled `email.<kind>.fields.<name>` (else its name);
   * a value with a message `email.<kind>.choices.<name>.<value>` is shown as that text.
   */
  fields?: { name: string; value: string }[];
  /** Someone's own text, shown as written after the fields under the line `email.<kind>.quoteIntro` (salesAnswer). */
  quote?: string;
  /** Where a reply goes (the message's Reply-To): the texts' placeholder {replyTo}, "none" when unset. */
  replyTo?: string;
  /** The person the message is about (helpNeeded: who needs help): the texts' placeholder {aboutName}. */
  aboutName?: string;
}

const REQUIRED: Record<EmailKind, ('link' | 'companyName' | 'inviterName' | 'aboutName')[]> = {
  signupConfirmation: ['link', 'companyName'],
  passwordReset: ['link'],
  passwordChanged: [],
  twoFactorChanged: [],
  accountDeleted: [],
  memberInvitation: ['link', 'companyName', 'inviterName'],
  membershipInvitation: ['link', 'companyName'],
  addedToCompany: ['companyName', 'inviterName'],
  appDownloadReminder: ['companyName', 'inviterName'],
  salesRequest: ['companyName'],
  salesAnswer: ['companyName'],
  channelTest: [],
  helpNeeded: ['link', 'companyName', 'aboutName'],
};

/** The subject, plain text and HTML of an account e-mail in the recipient's language (messages `email.*`; unknown locale → en-us). */
export async function composeEmail(
  kind: EmailKind,
  locale: string,
  values: EmailValues,
): Promise<{ subject: string; text: string; html: string; images: InlineImage[] }> {
  for (const field of REQUIRED[kind]) {
    if (!values[field]) throw new Error(`composeEmail(${kind}) needs ${field}`);
  }
  const { language, t } = await messageTranslator(locale, 'email');
  const placeholders = {
    name: values.name,
    companyName: values.companyName ?? '',
    inviterName: values.inviterName ?? '',
    replyTo: values.replyTo ?? 'none',
    aboutName: values.aboutName ?? '',
  };
  const subject = t(`${kind}.subject`, placeholders);
  // A kind may greet and sign off in words of its own (a sales request goes to a team, and is answered by replying).
  const greeting = t(t.has(`${kind}.greeting`) ? `${kind}.greeting` : 'layout.greeting', placeholders);
  const intro = t(`${kind}.intro`, placeholders);
  const outro = t(`${kind}.outro`, placeholders);
  const footer = t(t.has(`${kind}.footer`) ? `${kind}.footer` : 'layout.footer', placeholders);
  const action =
    values.link && t.has(`${kind}.action`)
      ? { label: t(`${kind}.action`), url: values.link, hint: t('layout.linkHint') }
      : undefined;

  const links = (values.links ?? []).map((link) => ({ label: t(`${kind}.links.${link.key}`), url: link.url }));

  const fields = (values.fields ?? []).map(({ name, value }) => {
    const label = `${kind}.fields.${name}`;
    const choice = `${kind}.choices.${name}.${value}`;
    return {
      label: t.has(label) ? t(label) : name,
      value: /^[A-Za-z]+$/.test(value) && t.has(choice) ? t(choice) : value,
    };
  });

  const quote = values.quote === undefined ? undefined : { intro: t(`${kind}.quoteIntro`), text: values.quote };

  const qrCode = values.qrCodeOf ? await qrCodeImage(values.qrCodeOf) : null;

  const linkLines = [...(action ? [action] : []), ...links].map((link) => `${link.label}:\n${link.url}`);
  const fieldLines = fields.length ? [fields.map((field) => `${field.label}: ${field.value}`).join('\n')] : [];
  const quoteLines = quote ? [quote.intro, quote.text] : [];
  const text = [greeting, intro, ...fieldLines, ...quoteLines, ...linkLines, outro, `-- \n${footer}`].join('\n\n');
  const html = renderEmailHtml({
    lang: HTML_LANG[language],
    subject,
    greeting,
    intro,
    fields,
    quote,
    action,
    links,
    qrCode: qrCode ? { src: `cid:${qrCode.cid}`, alt: t('layout.qrAlt'), caption: t('layout.qrCaption') } : undefined,
    outro,
    footer,
  });
  return { subject, text: `${text}\n`, html, images: qrCode ? [qrCode] : [] };
}
