import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NewCompanyForm } from '@/components/companies/new-company-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('newCompany');
  return { title: t('title') };
}

export default function NewCompanyPage() {
  return <NewCompanyForm />;
}
