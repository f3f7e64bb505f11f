import { getMapConfig } from '@/lib/map/get-map-config';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route({ summary: 'Map layers, attribution and whether place search is on' }, () => getMapConfig());
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
