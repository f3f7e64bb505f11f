import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { createLocation } from '@/lib/locations/create-location';
import { listLocations } from '@/lib/locations/list-locations';
import { locationBody } from '@/lib/locations/location-body';

export const GET = route({ role: 'admin' }, listLocations);
export const POST = route({ role: 'admin', body: locationBody, status: 201 }, createLocation);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
