import { AlertDetailsPage } from '@/components/alerts/details/alert-details-page';
import { routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('alert');

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <AlertDetailsPage key={id} alertId={id} />;
}
