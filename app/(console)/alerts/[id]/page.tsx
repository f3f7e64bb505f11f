import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('alert');

export default function Page() {
  return <PendingRoutePage route="alert" />;
}
