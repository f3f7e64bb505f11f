import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Logo } from './logo';

export async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <main className="centered-page">
      <section className="card narrow" aria-labelledby="not-found-heading">
        <Logo />
        <h1 id="not-found-heading">{t('heading')}</h1>
        <p className="muted">{t('message')}</p>
        <Link className="button primary" href="/">
          {t('home')}
        </Link>
      </section>
    </main>
  );
}
