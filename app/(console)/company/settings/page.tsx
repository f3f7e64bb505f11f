import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('companySettings');

export default function Page() {
  return <PendingRoutePage route="companySettings" />;
}
