import type { ErrorEvent, Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';
import type { MapConfig, MapLayer } from '@/lib/map/map-layers';
import { tileSourceId } from './base-style';

// When a layer's tiles cannot be loaded (an air-gapped install, a tile service that is down or blocked), the map shows
// the built-in offline base map instead, with a note. A tile service that failed is remembered for a while in this
// tab, so that the next map (another page, a reload) shows the offline map at once instead of waiting again.

/**
 * Without a single tile by then, and without any answer from the tile service on the network, the service counts as
 * unreachable (a blocked host may never answer). A service that answered but whose tiles a busy browser has not
 * drawn yet is waited for.
 */
export const TILE_TIMEOUT_MS = 8_000;
const TICK_MS = 1_000;
/** This many failed tiles before any arrived: the service is down or unreachable. */
const FAILED_TILES = 2;
const REMEMBER_MS = 10 * 60_000;
const STORAGE_KEY = 'tocsin.mapTilesFailed';

type FailedTiles = Record<string, number>;

function readFailed(): FailedTiles {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as FailedTiles;
    return typeof stored === 'object' && stored !== null ? stored : {};
  } catch {
    return {};
  }
}

export function rememberFailedTiles(template: string): void {
  const failed = readFailed();
  failed[template] = Date.now();
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(failed));
  } catch {
    // storage blocked: the next map tries the tiles again
  }
}

/** The layers whose tiles failed lately in this tab. */
export function layersWithFailedTiles(config: MapConfig): Set<MapLayer> {
  const failed = readFailed();
  const recent = (template: string) => Date.now() - (failed[template] ?? 0) < REMEMBER_MS;
  const layers = Object.entries(config.layers).flatMap(([layer, tiles]) =>
    tiles && recent(tiles.tiles) ? [layer as MapLayer] : [],
  );
  return new Set(layers);
}

/** The configuration with these layers on the built-in base map. */
export function withoutTiles(config: MapConfig, layers: Set<MapLayer>): MapConfig {
  const kept = Object.entries(config.layers).map(([layer, tiles]) => [
    layer,
    layers.has(layer as MapLayer) ? null : tiles,
  ]);
  return { ...config, layers: Object.fromEntries(kept) as MapConfig['layers'] };
}

/**
 * Notes whether the browser has any answer from the service of this tile template (its resource timings, including
 * those before the watch began); a host made of placeholders cannot be told, and counts as answered.
 */
function watchServiceAnswers(template: string): { answered: () => boolean; stop: () => void } {
  const prefix = template.slice(0, template.indexOf('{'));
  if (!/^https?:\/\/[^/{]+\//.test(prefix) || typeof PerformanceObserver === 'undefined')
    return { answered: () => true, stop: () => undefined };
  // An answer with tiles: an error status (where the browser tells it) is no answer.
  const seen = (entries: PerformanceEntryList) =>
    entries.some((entry) => {
      const timing = entry as PerformanceResourceTiming & { responseStatus?: number };
      return entry.name.startsWith(prefix) && timing.responseEnd > 0 && (timing.responseStatus || 200) < 400;
    });
  let answered = false;
  const observer = new PerformanceObserver((list) => {
    answered ||= seen(list.getEntries());
  });
  observer.observe({ type: 'resource', buffered: true });
  return {
    answered: () => (answered ||= seen(performance.getEntriesByType('resource'))),
    stop: () => observer.disconnect(),
  };
}

/**
 * Watches the first tiles of a layer (from `template`): calls `onFailure` once when two fail before any arrives, or the
 * service has not answered at all within TILE_TIMEOUT_MS; `onTiles` at the first tile that arrives, and stops.
 * Returns the function that stops watching.
 */
export function watchFirstTiles(
  map: MapLibreMap,
  layer: MapLayer,
  template: string,
  { onTiles, onFailure }: { onTiles: () => void; onFailure: () => void },
): () => void {
  const source = tileSourceId(layer);
  let failures = 0;
  const answers = watchServiceAnswers(template);
  const stop = () => {
    window.clearInterval(timer);
    answers.stop();
    map.off('sourcedata', onData);
    map.off('error', onError);
  };
  const fail = () => {
    stop();
    onFailure();
  };
  const onData = (event: MapSourceDataEvent) => {
    if (event.sourceId !== source || !event.tile) return;
    stop();
    onTiles();
  };
  const onError = (event: ErrorEvent & { sourceId?: string }) => {
    // A tile given up on by the map itself (the view moved on) says nothing about the service.
    if (event.sourceId !== source || (event.error as { name?: string } | undefined)?.name === 'AbortError') return;
    if (++failures >= FAILED_TILES) fail();
  };
  // Waiting is counted in ticks of at most a second each: a browser too busy to run the tick is not waiting on the network.
  let waited = 0;
  let lastTick = performance.now();
  const timer = window.setInterval(() => {
    const now = performance.now();
    waited += Math.min(TICK_MS, now - lastTick);
    lastTick = now;
    if (waited >= TILE_TIMEOUT_MS && !answers.answered()) fail();
  }, TICK_MS);
  map.on('sourcedata', onData);
  map.on('error', onError);
  return stop;
}
