'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { AuthCard } from '@/components/ui/card';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton } from '@/components/ui/form';
import { CheckIcon } from '@/components/ui/icons';
import { ApiCallError } from '@/lib/http/client';
import { HTML_LANG } from '@/lib/i18n/locales';
import { answerLinkApi, type AnswerLink } from './answer-link-api';
import styles from './answer-link.module.css';

/**
 * The tap-to-answer page of an alert SMS (/a/<token>), in the recipient's language: the alert, its options as big
 * buttons and the current answer. A tap answers (opening the page does not: link scanners open links on their own); the
 * answer may change until the alert closes.
 */
export function AnswerLinkPage({ token, link }: { token: string; link: AnswerLink }) {
  const t = useTranslations('answerLink');
  const dialogs = useDialogs();
  const [answered, setAnswered] = useState<number | null>(link.answer?.option ?? null);
  const [justAnswered, setJustAnswered] = useState(false);
  const [closed, setClosed] = useState(link.closed);
  const [busyOption, setBusyOption] = useState<number | null>(null);
  const labelOf = (option: number | null) => link.options.find((each) => each.option === option)?.label ?? '';

  async function answer(option: number) {
    if (busyOption !== null) return;
    setBusyOption(option);
    try {
      await answerLinkApi.answer(token, option);
      setAnswered(option);
      setJustAnswered(true);
    } catch (failure) {
      if (failure instanceof ApiCallError && failure.status === 409) setClosed(true);
      else await dialogs.error(t('errorTitle'), t('errorMessage'), failure);
    } finally {
      setBusyOption(null);
    }
  }

  return (
    <AuthCard
      title={link.title}
      description={t('from', { companyName: link.companyName })}
      noLanguageSwitcher
      lang={HTML_LANG[link.locale]}
    >
      {link.message && <p className={styles.message}>{link.message}</p>}
      {closed ? (
        <div className={`notice warning ${styles.closed}`} role="status">
          <p>{t('closed')}</p>
          {answered !== null && <p>{t('lastAnswer', { answer: labelOf(answered) })}</p>}
        </div>
      ) : (
        <>
          <div className={justAnswered ? 'notice success' : styles.current} role="status">
            {justAnswered ? (
              <>
                <p>{t('registered', { answer: labelOf(answered) })}</p>
                <p>{t('mayChange')}</p>
              </>
            ) : (
              answered !== null && <p>{t('current', { answer: labelOf(answered) })}</p>
            )}
          </div>
          <h2 className={styles.question} id="answer-link-question">
            {t('question')}
          </h2>
          <div className={styles.options} role="group" aria-labelledby="answer-link-question">
            {link.options.map(({ option, kind, label }) => (
              <BusyButton
                key={option}
                busy={busyOption === option}
                aria-pressed={answered === option}
                className={`button block ${styles.option} ${styles[kind]}`}
                onClick={() => answer(option)}
              >
                <span className={styles.number} aria-hidden="true">
                  {option}
                </span>
                <span className={styles.label}>{label}</span>
                {answered === option && <CheckIcon size={22} className={styles.check} />}
              </BusyButton>
            ))}
          </div>
        </>
      )}
    </AuthCard>
  );
}
