import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { routeByKey, type RouteKey } from './routes';

/** generateMetadata of a route's page: its title from the route table ("<title> - Tocsin" by the root layout). */
export async function routeMetadata(key: RouteKey): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t(routeByKey(key).titleKey) };
}
