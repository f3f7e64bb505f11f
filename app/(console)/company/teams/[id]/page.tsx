import { routeMetadata } from '@/components/layout/route-page';
import { TeamPage } from '@/components/teams/team-page';

export const generateMetadata = () => routeMetadata('team');

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TeamPage teamId={id} />;
}
