import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('members');

export default function Page() {
  return <PendingRoutePage route="members" />;
}
