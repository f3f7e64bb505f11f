import { createTranslator } from 'next-intl';
import { loadMessages } from '@/lib/i18n/load-messages';
import { DEFAULT_LOCALE, HTML_LANG, isLocale } from '@/lib/i18n/locales';
import { renderEmailHtml } from './render-email-html';

export type EmailKind = 'signupConfirmation' | 'passwordReset' | 'passwordChanged' | 'twoFactorChanged' | 'accountDeleted';

export interface EmailValues {
  name: string;
  /** The button's target; required for signupConfirmation and passwordReset, optional (a reset link) for the security notices. */
  link?: string;
  /** Required for signupConfirmation. */
  companyName?: string;
}

/** The translator over loaded (untyped) messages: keys are built from the kind at run time. */
type Translate = { (key: string, values?: Record<string, string>): string; has(key: string): boolean };

const REQUIRED: Record<EmailKind, ('link' | 'companyName')[]> = {
  signupConfirmation: ['link', 'companyName'],
  passwordReset: ['link'],
  passwordChanged: [],
  twoFactorChanged: [],
  accountDeleted: [],
};

/** The subject, plain text and HTML of an account e-mail in the recipient's language (messages `email.*`; unknown locale → en-us). */
export async function composeEmail(kind: EmailKind, locale: string, values: EmailValues): Promise<{ subject: string; text: string; html: string }> {
  for (const field of REQUIRED[kind]) {
    if (!values[field]) throw new Error(`composeEmail(${kind}) needs ${field}`);
  }
  const language = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const t: Translate = createTranslator({
    locale: HTML_LANG[language],
    messages: await loadMessages(language),
    namespace: 'email',
    onError: (error) => {
      throw error;
    },
  }) as unknown as Translate;
  const placeholders = { name: values.name, companyName: values.companyName ?? '' };
  const subject = t(`${kind}.subject`);
  const greeting = t('layout.greeting', placeholders);
  const intro = t(`${kind}.intro`, placeholders);
  const outro = t(`${kind}.outro`, placeholders);
  const footer = t('layout.footer');
  const action = values.link && t.has(`${kind}.action`) ? { label: t(`${kind}.action`), url: values.link, hint: t('layout.linkHint') } : undefined;

  const text = [greeting, intro, ...(action ? [`${action.label}:\n${action.url}`] : []), outro, `-- \n${footer}`].join('\n\n');
  const html = renderEmailHtml({ lang: HTML_LANG[language], subject, greeting, intro, action, outro, footer });
  return { subject, text: `${text}\n`, html };
}
