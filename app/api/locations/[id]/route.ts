import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { deleteLocation } from '@/lib/locations/delete-location';
import { getLocation } from '@/lib/locations/get-location';
import { locationBody, locationParams } from '@/lib/locations/location-body';
import { updateLocation } from '@/lib/locations/update-location';

export const GET = route({ role: 'admin', params: locationParams }, getLocation);
export const PUT = route({ role: 'admin', params: locationParams, body: locationBody }, updateLocation);
export const DELETE = route({ role: 'admin', params: locationParams }, deleteLocation);
export const { POST, PATCH, OPTIONS } = otherMethods({ GET, PUT, DELETE });
