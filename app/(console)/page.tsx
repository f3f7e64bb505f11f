import { DashboardPage } from '@/components/dashboard/dashboard-page';
import { routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('home');

export default function Home() {
  return <DashboardPage />;
}
