import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pngImage } from './png-image';

// A local stand-in for a raster tile service (OpenStreetMap's tile.openstreetmap.org/{z}/{x}/{y}.png, Esri's
// …/MapServer/tile/{z}/{y}/{x}): real 256×256 PNG tiles per style at templated URLs, 404 outside the world, CORS open as
// the real services are. Each style has its own colour, and every tile a darker edge, so tiles are told apart on a
// screenshot; the labels style is transparent with yellow lines, to be drawn over the imagery.

export const TILE_STYLES = {
  road: { fill: [236, 228, 206, 255], edge: [150, 140, 120, 255] },
  imagery: { fill: [38, 86, 58, 255], edge: [20, 50, 32, 255] },
  labels: { fill: [0, 0, 0, 0], edge: [245, 215, 70, 255] },
  terrain: { fill: [196, 214, 156, 255], edge: [130, 110, 80, 255] },
} as const;
export type TileStyle = keyof typeof TILE_STYLES;

const SIZE = 256;
const EDGE = 2;

/** A 256×256 PNG of one style: its colour, with a darker edge. */
export function tilePng(style: TileStyle): Buffer {
  const { fill, edge } = TILE_STYLES[style];
  return pngImage(SIZE, SIZE, (x, y) => (x < EDGE || y < EDGE || x >= SIZE - EDGE || y >= SIZE - EDGE ? edge : fill));
}

export interface FakeTileServer {
  /** scheme://host:port, without a slash at the end. */
  url: string;
  /** The MAP_TILES_* variables pointing the map at this server, in the URL shapes of the real services. */
  env: Record<string, string>;
  /** Tiles served, per style. */
  served: Record<TileStyle, number>;
  stop(): Promise<void>;
}

const TILE_PATH = /^\/(road|imagery|labels|terrain)\/(\d+)\/(\d+)\/(\d+)(\.png)?$/;

export async function startFakeTileServer(): Promise<FakeTileServer> {
  const tiles = Object.fromEntries(Object.keys(TILE_STYLES).map((style) => [style, tilePng(style as TileStyle)]));
  const served: Record<TileStyle, number> = { road: 0, imagery: 0, labels: 0, terrain: 0 };
  const server = createServer((request, response) => {
    const match = TILE_PATH.exec(new URL(request.url ?? '/', 'http://localhost').pathname);
    const headers = { 'Access-Control-Allow-Origin': '*' };
    if (!match || request.method !== 'GET') {
      response.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const [, style, z, first, second] = match;
    const zoom = Number(z);
    const inWorld = zoom <= 19 && [first, second].every((value) => Number(value) < 2 ** zoom);
    if (!inWorld) {
      response.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('Tile out of range');
      return;
    }
    served[style as TileStyle] += 1;
    response
      .writeHead(200, { ...headers, 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=3600' })
      .end(tiles[style]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      MAP_TILES_ROAD: `${url}/road/{z}/{x}/{y}.png`,
      MAP_TILES_ROAD_ATTRIBUTION: '© Test Streets',
      MAP_TILES_SATELLITE: `${url}/imagery/{z}/{y}/{x}`,
      MAP_TILES_SATELLITE_ATTRIBUTION: '© Test Imagery',
      MAP_TILES_HYBRID: `${url}/imagery/{z}/{y}/{x}`,
      MAP_TILES_HYBRID_LABELS: `${url}/labels/{z}/{y}/{x}`,
      MAP_TILES_HYBRID_ATTRIBUTION: '© Test Imagery and Places',
      MAP_TILES_TERRAIN: `${url}/terrain/{z}/{x}/{y}.png`,
      MAP_TILES_TERRAIN_ATTRIBUTION: '© Test Terrain',
    },
    served,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
