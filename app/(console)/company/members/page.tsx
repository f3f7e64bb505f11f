import { routeMetadata } from '@/components/layout/route-page';
import { MembersPage } from '@/components/members/members-page';

export const generateMetadata = () => routeMetadata('members');

export default function Page() {
  return <MembersPage />;
}
