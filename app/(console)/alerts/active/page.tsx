import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('alertsActive');

export default function Page() {
  return <PendingRoutePage route="alertsActive" />;
}
