import { route } from '@/lib/http/route';
import { schemaList } from '@/lib/scim/scim-schemas';

export const GET = route({ auth: 'directory' }, schemaList);
