import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('voice');

export default function Page() {
  return <PendingRoutePage route="voice" />;
}
