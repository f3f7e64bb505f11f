import { routeMetadata } from '@/components/layout/route-page';
import { NewPositioningPage } from '@/components/positionings/new-positioning-page';

export const generateMetadata = () => routeMetadata('newPositioning');

export default function Page() {
  return <NewPositioningPage />;
}
