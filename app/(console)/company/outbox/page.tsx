import { routeMetadata } from '@/components/layout/route-page';
import { OutboxPage } from '@/components/outbox/outbox-page';

export const generateMetadata = () => routeMetadata('outbox');

export default function Page() {
  return <OutboxPage />;
}
