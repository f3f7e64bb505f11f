import { routeMetadata } from '@/components/layout/route-page';
import { NewCompanyForm } from '@/components/companies/new-company-form';

export const generateMetadata = () => routeMetadata('newCompany');

export default function NewCompanyPage() {
  return <NewCompanyForm />;
}
