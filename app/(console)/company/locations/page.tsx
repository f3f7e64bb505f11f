import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('locations');

export default function Page() {
  return <PendingRoutePage route="locations" />;
}
