import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { env } from '@/lib/env';
import { DEFAULT_GEOCODER_URL, geocoderUrl } from './get-map-config';
import type { PlaceResult } from './map-layers';
import { requestSpacing } from './space-requests';

const SEARCH_TIMEOUT_MS = 8_000;
const RESULT_LIMIT = 5;
/** Nominatim's public instance allows one search a second; a search that would wait longer than this is refused. */
const publicNominatimTurn = requestSpacing(1_100, 5_000);
const USER_AGENT = 'Tocsin (self-hosted emergency alerting)';

export const searchPlacesQuery = z.object({ q: z.string().trim().min(1).max(200) });

/** One hit of a Nominatim-compatible search (format=jsonv2): coordinates and the bounding box come as strings. */
const nominatimPlace = z.object({
  display_name: z.string(),
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  boundingbox: z.tuple([z.coerce.number(), z.coerce.number(), z.coerce.number(), z.coerce.number()]).optional(),
});

function geocoderFailed(status: number): ApiError {
  return new ApiError(502, [`The place search failed (status ${status})`]).with({ code: 'geocoderFailed', status });
}

function toPlace(place: z.infer<typeof nominatimPlace>): PlaceResult {
  const result: PlaceResult = { name: place.display_name, lat: place.lat, lng: place.lon };
  if (place.boundingbox) {
    const [south, north, west, east] = place.boundingbox;
    result.bbox = [west, south, east, north];
  }
  return result;
}

/**
 * GET /api/map/search: places for a text through the Nominatim-compatible geocoder (GEOCODER_URL, by default OpenStreetMap's
 * Nominatim, spaced one second apart). 404 geocoderOff when search is off; 502 geocoderFailed with the geocoder's status
 * (0 = no answer, 429 = too many searches at once for the public instance) when it fails.
 */
export async function searchPlaces(
  _ctx: unknown,
  input: z.infer<typeof searchPlacesQuery>,
): Promise<{ results: PlaceResult[] }> {
  const endpoint = geocoderUrl();
  if (!endpoint)
    throw new ApiError(404, ['Place search is not configured on this server']).with({ code: 'geocoderOff' });
  const url = new URL(endpoint);
  url.searchParams.set('q', input.q);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', String(RESULT_LIMIT));
  if (endpoint === DEFAULT_GEOCODER_URL && !(await publicNominatimTurn())) throw geocoderFailed(429);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        Accept: 'application/json',
        'User-Agent': env.PUBLIC_URL ? `${USER_AGENT}; ${env.PUBLIC_URL}` : USER_AGENT,
        ...(env.PUBLIC_URL ? { Referer: env.PUBLIC_URL } : {}),
      },
      signal: AbortSignal.timeout(SEARCH_TIMEOUT_MS),
    });
  } catch {
    throw geocoderFailed(0);
  }
  if (!response.ok) throw geocoderFailed(response.status);
  const parsed = z.array(nominatimPlace).safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw geocoderFailed(response.status);
  return { results: parsed.data.map(toPlace) };
}
