import { route } from '@/lib/http/route';
import { serviceProviderConfig } from '@/lib/scim/scim-schemas';

export const GET = route({ auth: 'directory' }, serviceProviderConfig);
