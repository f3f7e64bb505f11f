import { DeliveryReportPage } from '@/components/alerts/delivery/delivery-report-page';
import { routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('delivery');

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <DeliveryReportPage key={id} alertId={id} />;
}
