import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('iotDevices');

export default function Page() {
  return <PendingRoutePage route="iotDevices" />;
}
