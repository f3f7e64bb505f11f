import { routeMetadata } from '@/components/layout/route-page';
import { PositioningResultsPage } from '@/components/positionings/positioning-results-page';

export const generateMetadata = () => routeMetadata('positioning');

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PositioningResultsPage key={id} positioningId={id} />;
}
