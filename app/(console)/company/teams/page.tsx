import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('teams');

export default function Page() {
  return <PendingRoutePage route="teams" />;
}
