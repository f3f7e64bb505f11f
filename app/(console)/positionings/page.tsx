import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('positionings');

export default function Page() {
  return <PendingRoutePage route="positionings" />;
}
