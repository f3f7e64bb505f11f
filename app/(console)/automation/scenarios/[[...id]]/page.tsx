import { notFound } from 'next/navigation';
import { PendingRoutePage, routeMetadata } from '@/components/layout/route-page';

export const generateMetadata = () => routeMetadata('scenarios');

// The id is optional and one segment at most.
export default async function Page({ params }: { params: Promise<{ id?: string[] }> }) {
  const { id } = await params;
  if (id && id.length > 1) notFound();
  return <PendingRoutePage route="scenarios" />;
}
