import { routeMetadata } from '@/components/layout/route-page';
import { OperatorPage } from '@/components/operator/operator-page';

export const generateMetadata = () => routeMetadata('operator');

export default function Page() {
  return <OperatorPage />;
}
