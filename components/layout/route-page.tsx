import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { routeByKey, type RouteKey } from './routes';

/** generateMetadata of a route's page: its title from the route table ("<title> - Tocsin" by the root layout). */
export async function routeMetadata(key: RouteKey): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t(routeByKey(key).titleKey) };
}

/** Routes whose screen comes with a later issue: their heading, what they will hold, and that there is nothing yet. */
export type PendingRouteKey = 'azureAd';

export async function PendingRoutePage({ route }: { route: PendingRouteKey }) {
  const t = await getTranslations('routes');
  return (
    <main className="console-page">
      <PageHeader title={t(`${route}.title`)} description={t(`${route}.description`)} />
      <EmptyState title={t('emptyTitle')} description={t(`${route}.empty`)} />
    </main>
  );
}
