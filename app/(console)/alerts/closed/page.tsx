import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('alertsClosed');

export default function Page() {
  return <PendingRoutePage route="alertsClosed" />;
}
