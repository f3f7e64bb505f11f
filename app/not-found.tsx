import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NotFound } from '@/components/ui/not-found';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('notFound');
  return { title: t('title') };
}

export default function NotFoundPage() {
  return <NotFound />;
}
