import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { searchPlaces, searchPlacesQuery } from '@/lib/map/search-places';

export const GET = route({ query: searchPlacesQuery }, searchPlaces);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
