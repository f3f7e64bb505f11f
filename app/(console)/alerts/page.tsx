import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('alerts');

export default function Page() {
  return <PendingRoutePage route="alerts" />;
}
