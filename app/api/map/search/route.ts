import { route } from '@/lib/http/route';
import { searchPlaces, searchPlacesQuery } from '@/lib/map/search-places';

export const GET = route({ query: searchPlacesQuery }, searchPlaces);
