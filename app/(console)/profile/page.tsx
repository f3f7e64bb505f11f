import { routeMetadata } from '@/components/layout/route-page';
import { ProfilePage } from '@/components/profile/profile-page';

export const generateMetadata = () => routeMetadata('profile');

export default function Profile() {
  return <ProfilePage />;
}
