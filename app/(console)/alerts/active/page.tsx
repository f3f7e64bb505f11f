import { AlertLogPage } from '@/components/alerts/log/alert-log-page';
import { parseLogQuery } from '@/components/ui/log-scope';
import { routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('alertsActive');

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { scope, page } = parseLogQuery(await searchParams);
  return <AlertLogPage tab="active" scope={scope} page={page} />;
}
