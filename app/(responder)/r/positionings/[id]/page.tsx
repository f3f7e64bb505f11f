import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PositioningRequestView } from '@/components/responder/positioning-request';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('responder.positioning');
  return { title: t('title') };
}

export default async function ResponderPositioningPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PositioningRequestView positioningId={id} />;
}
