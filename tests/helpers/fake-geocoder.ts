import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for a Nominatim search endpoint (GET /search?q=&format=jsonv2&limit=): the same answer shape
// (coordinates and bounding box as strings), a small gazetteer, and failures on demand.

interface Place {
  display_name: string;
  lat: string;
  lon: string;
  /** [south, north, west, east], as Nominatim gives it. */
  boundingbox: [string, string, string, string];
}

export const GAZETTEER: Place[] = [
  {
    display_name: 'Oslo, Norway',
    lat: '59.9133301',
    lon: '10.7389701',
    boundingbox: ['59.8093113', '60.1351064', '10.4891652', '10.9513894'],
  },
  {
    display_name: 'Bergen, Vestland, Norway',
    lat: '60.3943055',
    lon: '5.3259192',
    boundingbox: ['60.2403', '60.5348', '5.1536', '5.5514'],
  },
  {
    display_name: 'Trondheim, Trøndelag, Norway',
    lat: '63.4304856',
    lon: '10.3950527',
    boundingbox: ['63.2933', '63.4841', '10.0047', '10.6613'],
  },
  {
    display_name: 'Stockholm, Sweden',
    lat: '59.3251172',
    lon: '18.0710935',
    boundingbox: ['59.2272', '59.4427', '17.7606', '18.2044'],
  },
  {
    display_name: 'København, Denmark',
    lat: '55.6867243',
    lon: '12.5700724',
    boundingbox: ['55.6152', '55.7270', '12.4534', '12.6500'],
  },
];

export interface GeocoderRequest {
  q: string | null;
  format: string | null;
  limit: string | null;
  userAgent: string | undefined;
}

export interface FakeGeocoder {
  /** The search endpoint, for GEOCODER_URL. */
  url: string;
  requests: GeocoderRequest[];
  /** Answers every search with this HTTP status from now on (null: answer normally again). */
  failWith(status: number | null): void;
  stop(): Promise<void>;
}

function record(request: IncomingMessage): GeocoderRequest {
  const url = new URL(request.url ?? '/', 'http://localhost');
  return {
    q: url.searchParams.get('q'),
    format: url.searchParams.get('format'),
    limit: url.searchParams.get('limit'),
    userAgent: request.headers['user-agent'],
  };
}

export async function startFakeGeocoder(): Promise<FakeGeocoder> {
  const requests: GeocoderRequest[] = [];
  let failure: number | null = null;
  const server = createServer((request, response) => {
    const seen = record(request);
    requests.push(seen);
    if (failure !== null) {
      response.writeHead(failure, { 'Content-Type': 'text/plain' }).end('Service unavailable');
      return;
    }
    const text = (seen.q ?? '').toLowerCase();
    const hits = GAZETTEER.filter((place) => text !== '' && place.display_name.toLowerCase().includes(text)).slice(
      0,
      Number(seen.limit ?? 10),
    );
    response
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify(hits.map((place, index) => ({ place_id: index + 1, ...place }))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/search`,
    requests,
    failWith: (status) => {
      failure = status;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
