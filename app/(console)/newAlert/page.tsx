import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('newAlert');

export default function Page() {
  return <PendingRoutePage route="newAlert" />;
}
