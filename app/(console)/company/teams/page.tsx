import { routeMetadata } from '@/components/layout/route-page';
import { TeamsPage } from '@/components/teams/teams-page';

export const generateMetadata = () => routeMetadata('teams');

export default function Page() {
  return <TeamsPage />;
}
