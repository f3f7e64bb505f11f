'use client';

import { useLocale } from 'next-intl';
import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import styles from './captcha.module.css';

// ALTCHA's own translations for our languages (English is built in).
const ALTCHA_LANGUAGE: Record<string, string> = {
  'en-us': 'en',
  'es-es': 'es-es',
  'no-nb': 'nb',
  'da-dk': 'da',
  'sv-se': 'sv',
};

let widgetLoad: Promise<unknown> | null = null;

/** The web component registers itself on import and needs the browser: load it on the client only, once. */
function loadWidget(): Promise<unknown> {
  widgetLoad ??= import('altcha').then(() =>
    Promise.all([
      import('altcha/i18n/es-es'),
      import('altcha/i18n/nb'),
      import('altcha/i18n/da'),
      import('altcha/i18n/sv'),
    ]),
  );
  return widgetLoad;
}

export interface CaptchaHandle {
  /** Forgets the used solution and solves a fresh challenge (a payload is accepted once). */
  renew(): void;
}

/**
 * The self-hosted proof-of-work captcha. It starts solving as soon as the user works in the form
 * and reports the payload to send (null until verified, and again when the challenge expires).
 */
export function Captcha({
  challengeUrl,
  onPayload,
  ref,
}: {
  challengeUrl: string;
  onPayload: (payload: string | null) => void;
  ref?: Ref<CaptchaHandle>;
}) {
  const locale = useLocale();
  const [loaded, setLoaded] = useState(false);
  const widget = useRef<AltchaWidgetElement>(null);
  const report = useEffectEvent(onPayload);

  useEffect(() => {
    let current = true;
    void loadWidget().then(() => current && setLoaded(true));
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!loaded || !element) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string | null }>).detail;
      report(state === 'verified' && payload ? payload : null);
    };
    // The widget starts on a focus that enters the form; someone who was already typing while it loaded gave it none.
    const startIfFormHasFocus = () => {
      const form = element.closest('form');
      if (form?.contains(document.activeElement) && element.getState?.() === 'unverified') void element.verify();
    };
    element.addEventListener('statechange', onStateChange);
    element.addEventListener('load', startIfFormHasFocus);
    startIfFormHasFocus();
    return () => {
      element.removeEventListener('statechange', onStateChange);
      element.removeEventListener('load', startIfFormHasFocus);
    };
  }, [loaded]);

  useImperativeHandle(ref, () => ({
    renew() {
      const element = widget.current;
      if (!element) return;
      element.reset();
      void element.verify();
    },
  }));

  return (
    <div className={styles.captcha} data-testid="captcha">
      {loaded ? (
        <altcha-widget
          ref={widget}
          challenge={challengeUrl}
          auto="onfocus"
          language={ALTCHA_LANGUAGE[locale] ?? 'en'}
        />
      ) : (
        <div className={styles.placeholder} aria-hidden="true" />
      )}
    </div>
  );
}
