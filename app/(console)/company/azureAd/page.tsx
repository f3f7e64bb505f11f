import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('azureAd');

export default function Page() {
  return <PendingRoutePage route="azureAd" />;
}
