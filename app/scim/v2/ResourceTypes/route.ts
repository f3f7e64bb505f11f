import { route } from '@/lib/http/route';
import { resourceTypeList } from '@/lib/scim/scim-schemas';

export const GET = route({ auth: 'directory' }, resourceTypeList);
