import { routeMetadata } from '@/components/layout/route-page';
import { CompanySettingsPage } from '@/components/settings/company-settings-page';

export const generateMetadata = () => routeMetadata('companySettings');

export default function Page() {
  return <CompanySettingsPage />;
}
