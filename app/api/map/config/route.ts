import { getMapConfig } from '@/lib/map/get-map-config';
import { route } from '@/lib/http/route';

export const GET = route({ summary: 'Map layers, attribution and whether place search is on' }, () => getMapConfig());
