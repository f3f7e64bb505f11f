import { NewAlertPage } from '@/components/alerts/new-alert/new-alert-page';
import { routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('newAlert');

export default function Page() {
  return <NewAlertPage />;
}
