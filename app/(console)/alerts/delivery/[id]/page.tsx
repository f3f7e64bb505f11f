import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('delivery');

export default function Page() {
  return <PendingRoutePage route="delivery" />;
}
