import { listWebFeatures } from '@/lib/companies/list-web-features';
import { route } from '@/lib/http/route';

export const GET = route({}, listWebFeatures);
