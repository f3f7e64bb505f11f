import { useId, type ReactNode } from 'react';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';

export interface AuthCardProps {
  /** The page's heading (h1). */
  title: ReactNode;
  /** A short line under the heading. */
  description?: ReactNode;
  children: ReactNode;
  /** Shown under the card, e.g. "New to Tocsin? Create a company account". */
  footer?: ReactNode;
  /** A wider card for longer forms (sign-up). */
  wide?: boolean;
  /** Without the language switcher: a page shown in the language of the person it is for (the tap-to-answer page). */
  noLanguageSwitcher?: boolean;
  /** The language of the card's text when it is not the page's (BCP 47), for screen readers. */
  lang?: string;
}

/**
 * The page of every no-nav route (login, sign-up, password pages, confirmations): the language switcher at the top
 * and a centred card with the logo. Usable from server and client components.
 */
export function AuthCard({
  title,
  description,
  children,
  footer,
  wide = false,
  noLanguageSwitcher = false,
  lang,
}: AuthCardProps) {
  const headingId = useId();
  return (
    <div className="auth-page">
      <header className="auth-header">{!noLanguageSwitcher && <LanguageSwitcher />}</header>
      <main className="auth-main" lang={lang}>
        <section className={`card auth-card${wide ? ' wide' : ''}`} aria-labelledby={headingId}>
          <div className="auth-card-logo">
            <Logo size={36} />
          </div>
          <h1 id={headingId}>{title}</h1>
          {description && <p className="auth-description">{description}</p>}
          {children}
        </section>
        {footer && <div className="auth-footer">{footer}</div>}
      </main>
    </div>
  );
}
