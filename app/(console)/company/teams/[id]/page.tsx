import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('team');

export default function Page() {
  return <PendingRoutePage route="team" />;
}
