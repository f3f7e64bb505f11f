import { DirectoryPage } from '@/components/directory/directory-page';
import { routeMetadata } from '@/components/layout/route-page';
import { scimTenantUrl } from '@/lib/directory/scim-tenant-url';
import { publicUrlProblem } from '@/lib/http-parts/public-url';

export const generateMetadata = () => routeMetadata('azureAd');

export default function Page() {
  return <DirectoryPage tenantUrl={scimTenantUrl()} publicUrlProblem={publicUrlProblem()} />;
}
