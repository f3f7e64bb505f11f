import { getMapConfig } from '@/lib/map/get-map-config';
import { route } from '@/lib/http/route';

export const GET = route({}, () => getMapConfig());
