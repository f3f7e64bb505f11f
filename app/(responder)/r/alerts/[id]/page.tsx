import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ResponderAlert } from '@/components/responder/responder-alert';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('responder.alert');
  return { title: t('title') };
}

export default async function ResponderAlertPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ confirm?: string | string[]; company?: string | string[] }>;
}) {
  const [{ id }, { confirm, company }] = await Promise.all([params, searchParams]);
  return (
    <ResponderAlert
      alertId={id}
      confirmOnOpen={confirm === '1'}
      companyId={typeof company === 'string' ? company : null}
    />
  );
}
