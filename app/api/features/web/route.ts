import { listWebFeatures } from '@/lib/companies/list-web-features';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route({}, listWebFeatures);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
