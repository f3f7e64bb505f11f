import { getTranslations } from 'next-intl/server';
import { MicrosoftSignInCard } from '@/components/directory/microsoft-sign-in-card';
import { routeMetadata } from '@/components/layout/route-page';
import { PageHeader } from '@/components/ui/page-header';

export const generateMetadata = () => routeMetadata('azureAd');

// Until the directory screen lands (helper "directory-screen"), the page shows the sign-in with Microsoft card alone.
export default async function Page() {
  const t = await getTranslations('routes.azureAd');
  return (
    <main className="console-page">
      <PageHeader title={t('title')} description={t('description')} />
      <MicrosoftSignInCard />
    </main>
  );
}
