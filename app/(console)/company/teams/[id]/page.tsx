import { routeMetadata } from '@/components/layout/route-page';
import { ADD_MEMBERS_QUERY } from '@/components/teams/team';
import { TeamPage } from '@/components/teams/team-page';

export const generateMetadata = () => routeMetadata('team');

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  return <TeamPage teamId={id} addingMembers={query[ADD_MEMBERS_QUERY] !== undefined} />;
}
