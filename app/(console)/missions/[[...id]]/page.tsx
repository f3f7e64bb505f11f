import { notFound } from 'next/navigation';
import { routeMetadata } from '@/components/layout/route-page';
import { MissionDetailsPage } from '@/components/missions/mission-details-page';
import { MissionsFeature } from '@/components/missions/missions-feature';
import { MissionsPage } from '@/components/missions/missions-page';

export const generateMetadata = () => routeMetadata('missions');

// The id is optional and one segment at most: /missions lists them, /missions/{id} shows one.
export default async function Page({ params }: { params: Promise<{ id?: string[] }> }) {
  const { id } = await params;
  if (id && id.length > 1) notFound();
  return (
    <MissionsFeature>{id ? <MissionDetailsPage key={id[0]} missionId={id[0]} /> : <MissionsPage />}</MissionsFeature>
  );
}
