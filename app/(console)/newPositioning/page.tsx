import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('newPositioning');

export default function Page() {
  return <PendingRoutePage route="newPositioning" />;
}
