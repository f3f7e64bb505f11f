import { parseLogQuery } from '@/components/ui/log-scope';
import { routeMetadata } from '@/components/layout/route-page';
import { PositioningLogPage } from '@/components/positionings/positioning-log-page';

export const generateMetadata = () => routeMetadata('positionings');

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { scope, page } = parseLogQuery(await searchParams);
  return <PositioningLogPage scope={scope} page={page} />;
}
