import { routeMetadata } from '@/components/layout/route-page';
import { LocationsPage } from '@/components/locations/locations-page';

export const generateMetadata = () => routeMetadata('locations');

export default function Page() {
  return <LocationsPage />;
}
