'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import {
  FullscreenControl,
  LngLatBounds,
  Map as MapLibreMap,
  Marker,
  NavigationControl,
  Popup,
  setWorkerUrl,
} from 'maplibre-gl';
import { useTranslations } from 'next-intl';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Loading } from '@/components/ui/load-states';
import type { LatLng } from '@/lib/geo/geofence-bounds';
import { MAP_LAYERS, type MapConfig, type MapLayer, type PlaceResult } from '@/lib/map/map-layers';
import { showAreas } from './area-layers';
import { baseStyle, fillWorld, showBuiltInMapFor, styleLayerIds } from './base-style';
import { geofenceCorners } from './geofence-shapes';
import { LayerMenu } from './layer-menu';
import { loadMapConfig, storedLayer, storeLayer } from './map-config';
import { DEFAULT_CENTER, DEFAULT_ZOOM, FIT_MAX_ZOOM, MIN_ZOOM, VIEW_PADDING } from './map-constants';
import type { MapCanvasProps, MapCluster, MapMarker, MapViewState } from './map-types';
import { PlaceSearch } from './place-search';
import { drawsInSoftware } from './software-rendering';
import { layersWithFailedTiles, rememberFailedTiles, watchFirstTiles, withoutTiles } from './tile-fallback';
import { loadWorldShapes } from './world-shapes';
import styles from './map.module.css';

// MapLibre loads its worker next to its own module, which a bundle moves; point it at the bundled worker file.
setWorkerUrl(new URL('maplibre-gl/dist/maplibre-gl-worker.mjs', import.meta.url).href);

type Status = 'loading' | 'ready' | 'unavailable';

/** Padding that leaves the map at least half of each side (MapLibre refuses to fit into less). */
function fitPadding(map: MapLibreMap, padding: number): number {
  const { clientWidth, clientHeight } = map.getContainer();
  return Math.max(0, Math.min(padding, Math.floor(clientWidth / 4), Math.floor(clientHeight / 4)));
}

function boundsOf(points: LatLng[]): LngLatBounds | null {
  if (points.length === 0) return null;
  const bounds = new LngLatBounds();
  for (const point of points) bounds.extend([point.lng, point.lat]);
  return bounds;
}

function showLayer(map: MapLibreMap, layer: MapLayer): void {
  const style = map.getStyle();
  for (const option of MAP_LAYERS) {
    for (const id of styleLayerIds(style, option))
      map.setLayoutProperty(id, 'visibility', option === layer ? 'visible' : 'none');
  }
}

function addMarker(map: MapLibreMap, marker: MapMarker, title: string): Marker {
  const pin = new Marker({ color: marker.color ?? '#b42318' })
    .setLngLat([marker.lng, marker.lat])
    .setPopup(new Popup({ offset: 28, maxWidth: '260px' }).setText(marker.name))
    .addTo(map);
  const element = pin.getElement();
  element.setAttribute('aria-label', title);
  element.title = marker.name;
  element.dataset.markerId = marker.id;
  return pin;
}

/** A numbered circle, larger for more positions; clicking it zooms in two levels on it. */
function addCluster(map: MapLibreMap, cluster: MapCluster, title: string): Marker {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = styles.cluster;
  element.textContent = cluster.count.toLocaleString();
  element.setAttribute('aria-label', title);
  element.title = title;
  element.dataset.clusterCount = String(cluster.count);
  const size = Math.round(30 + 8 * Math.log10(cluster.count));
  element.style.width = `${size}px`;
  element.style.height = `${size}px`;
  element.addEventListener('click', (event) => {
    event.stopPropagation();
    map.easeTo({ center: [cluster.lng, cluster.lat], zoom: Math.min(map.getZoom() + 2, map.getMaxZoom()) });
  });
  return new Marker({ element }).setLngLat([cluster.lng, cluster.lat]).addTo(map);
}

const NO_CLUSTERS: MapCluster[] = [];

const wrapLng = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
const rounded = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** The viewed box within −180..180 and −90..90 (MapLibre's reaches beyond when the world repeats). */
function viewOf(map: MapLibreMap): MapViewState {
  const bounds = map.getBounds();
  const whole = bounds.getEast() - bounds.getWest() >= 360;
  return {
    west: whole ? -180 : rounded(wrapLng(bounds.getWest())),
    south: rounded(Math.max(-90, bounds.getSouth())),
    east: whole ? 180 : rounded(wrapLng(bounds.getEast())),
    north: rounded(Math.min(90, bounds.getNorth())),
    zoom: Math.round(map.getZoom() * 100) / 100,
  };
}

/**
 * The map itself (client only; use MapView or GeofenceDraw, which load it without server rendering): MapLibre with
 * the four layers, the layer menu (remembered), fullscreen, zoom buttons, markers with a popup each, numbered clusters,
 * place search, and the view fitted to the content. A layer whose tiles cannot be loaded shows the built-in offline map with a note.
 * When the browser cannot draw it (no WebGL), it says so instead of a blank box.
 */
export function MapCanvas({
  label,
  markers = [],
  clusters = NO_CLUSTERS,
  onViewChange,
  fitToMarkers = true,
  areas,
  padding = VIEW_PADDING,
  search = true,
  className,
  fitPoints = [],
  fitKey = '',
  toolbar,
  onMap,
}: MapCanvasProps) {
  const t = useTranslations('map');
  const wrapper = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  /** The map as soon as it is made (its tiles are watched from then on); `map` once it has loaded. */
  const [instance, setInstance] = useState<MapLibreMap | null>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [config, setConfig] = useState<MapConfig | null>(null);
  const [layer, setLayer] = useState<MapLayer>(storedLayer);
  /** Layers showing the built-in map because their tiles could not be loaded. */
  const [fellBack, setFellBack] = useState<ReadonlySet<MapLayer>>(new Set());
  /** Layers whose tiles arrived: not watched again. */
  const tilesArrived = useRef(new Set<MapLayer>());
  /** The map until it is removed (what arrives later leaves a removed map alone). */
  const liveMap = useRef<MapLibreMap | null>(null);
  const initialLayer = useRef(layer);
  const locale = useRef({
    'FullscreenControl.Enter': t('controls.fullscreenEnter'),
    'FullscreenControl.Exit': t('controls.fullscreenExit'),
    'NavigationControl.ZoomIn': t('controls.zoomIn'),
    'NavigationControl.ZoomOut': t('controls.zoomOut'),
    'NavigationControl.ResetBearing': t('controls.resetBearing'),
    'AttributionControl.ToggleAttribution': t('controls.attribution'),
    'Popup.Close': t('controls.closePopup'),
    'Map.Title': label,
  });

  useEffect(() => {
    let cancelled = false;
    let created: MapLibreMap | null = null;
    void (async () => {
      const configured = await loadMapConfig();
      const failed = layersWithFailedTiles(configured);
      const loaded = withoutTiles(configured, failed);
      const offline = MAP_LAYERS.filter((option) => loaded.layers[option] === null);
      // The shown layer waits for the built-in map's shapes; the others get them when they arrive.
      const worldLoading = offline.length > 0 ? loadWorldShapes().catch(() => null) : null;
      const world = offline.includes(initialLayer.current) ? await worldLoading : null;
      if (cancelled || !container.current) return;
      setConfig(loaded);
      setFellBack(failed);
      const software = drawsInSoftware();
      try {
        created = new MapLibreMap({
          ...(software ? { fadeDuration: 0, pixelRatio: 1 } : {}),
          container: container.current,
          style: baseStyle(loaded, world, initialLayer.current),
          center: [DEFAULT_CENTER.lng, DEFAULT_CENTER.lat],
          zoom: DEFAULT_ZOOM,
          minZoom: MIN_ZOOM,
          attributionControl: { compact: true },
          locale: locale.current,
        });
      } catch {
        setStatus('unavailable');
        return;
      }
      const made = created;
      liveMap.current = made;
      setInstance(made);
      if (!world && worldLoading)
        void worldLoading.then((shapes) => {
          if (!shapes || cancelled) return;
          if (made.getSource('world-countries')) fillWorld(made, shapes);
          else made.once('style.load', () => fillWorld(made, shapes));
        });
      made.addControl(new NavigationControl({ showCompass: false }), 'top-right');
      made.addControl(new FullscreenControl({ container: wrapper.current ?? undefined }), 'top-right');
      made.on('webglcontextlost', () => setStatus('unavailable'));
      // Where the map looks, for tests and support (read from the page, no re-render).
      made.on('moveend', () => {
        const center = made.getCenter();
        wrapper.current?.setAttribute('data-map-center', `${center.lat.toFixed(4)},${center.lng.toFixed(4)}`);
      });
      made.on('load', () => {
        if (cancelled) return;
        setStatus('ready');
        setMap(made);
      });
    })();
    return () => {
      cancelled = true;
      liveMap.current = null;
      created?.remove();
      setInstance(null);
      setMap(null);
    };
  }, []);

  // The shown layer's first tiles: when they cannot be loaded, the built-in map takes the layer's place.
  const shownTiles = config?.layers[layer] ?? null;
  const watchTiles = instance !== null && shownTiles !== null && !fellBack.has(layer);
  useEffect(() => {
    if (!watchTiles || !instance || !shownTiles || tilesArrived.current.has(layer)) return;
    return watchFirstTiles(instance, layer, shownTiles.tiles, {
      onTiles: () => tilesArrived.current.add(layer),
      onFailure: () => {
        rememberFailedTiles(shownTiles.tiles);
        setFellBack((before) => new Set(before).add(layer));
        void loadWorldShapes()
          .catch(() => null)
          .then((world) => {
            if (liveMap.current === instance) showBuiltInMapFor(instance, layer, world);
          });
      },
    });
  }, [watchTiles, instance, shownTiles, layer]);

  useEffect(() => {
    onMap?.(map);
  }, [map, onMap]);

  useEffect(() => {
    if (map) showLayer(map, layer);
  }, [map, layer]);

  // Markers, areas and the fit are drawn again when their content changes (a key of it), not on every render's new
  // array; the effect events read the props of the render that changed them.
  const markersKey = markers
    .map((marker) => `${marker.id}:${marker.lat}:${marker.lng}:${marker.name}:${marker.color ?? ''}`)
    .join('|');
  const drawMarkers = useEffectEvent((on: MapLibreMap) => {
    const pins = markers.map((marker) => addMarker(on, marker, t('markerLabel', { name: marker.name })));
    return () => pins.forEach((pin) => pin.remove());
  });
  useEffect(() => {
    if (map) return drawMarkers(map);
  }, [map, markersKey]);

  useEffect(() => {
    if (!map) return;
    const circles = clusters.map((cluster) => addCluster(map, cluster, t('clusterLabel', { count: cluster.count })));
    return () => circles.forEach((circle) => circle.remove());
  }, [map, clusters, t]);

  useEffect(() => {
    if (!map || !onViewChange) return;
    const report = () => onViewChange(viewOf(map));
    report();
    map.on('moveend', report);
    return () => {
      map.off('moveend', report);
    };
  }, [map, onViewChange]);

  const areasKey = areas ? JSON.stringify(areas) : '';
  const drawAreas = useEffectEvent((on: MapLibreMap) => {
    if (areas) showAreas(on, areas);
  });
  useEffect(() => {
    if (map) drawAreas(map);
  }, [map, areasKey]);

  const fitMarkersKey = fitToMarkers ? markersKey : '';
  const fitView = useEffectEvent((on: MapLibreMap) => {
    const areaPoints = (areas ?? []).flatMap((area) => geofenceCorners(area.geofence));
    const bounds = boundsOf([...(fitToMarkers ? markers : []), ...fitPoints, ...areaPoints]);
    if (bounds) on.fitBounds(bounds, { padding: fitPadding(on, padding), maxZoom: FIT_MAX_ZOOM, duration: 0 });
  });
  useEffect(() => {
    if (map) fitView(map);
  }, [map, fitMarkersKey, fitKey, areasKey]);

  function chooseLayer(next: MapLayer) {
    setLayer(next);
    storeLayer(next);
  }

  function goTo(place: PlaceResult) {
    if (!map) return;
    if (place.bbox) map.fitBounds(place.bbox, { padding: fitPadding(map, padding), maxZoom: FIT_MAX_ZOOM });
    else map.flyTo({ center: [place.lng, place.lat], zoom: 12 });
  }

  return (
    <div
      ref={wrapper}
      className={`${styles.map} ${className ?? ''}`}
      data-map-state={status}
      data-map-layer={layer}
      data-map-base={config && (shownTiles === null || fellBack.has(layer)) ? 'offline' : 'tiles'}
    >
      {/* MapLibre gives its canvas the region role and the label (locale Map.Title). */}
      <div ref={container} className={styles.canvas} />
      {status === 'unavailable' ? (
        <div className={styles.unavailable} role="alert">
          <strong>{t('unavailable.title')}</strong>
          <span>{t('unavailable.message')}</span>
        </div>
      ) : (
        <>
          {status === 'loading' && <Loading label={t('loading')} className={styles.loading} />}
          <div className={styles.topLeft}>
            {search && config?.geocoder && <PlaceSearch onPlace={goTo} />}
            {toolbar}
          </div>
          <div className={styles.bottomLeft}>
            {fellBack.has(layer) && (
              <p role="status" className={styles.offlineNote}>
                {t(`offline.${layer}`)}
              </p>
            )}
            <LayerMenu layer={layer} onChange={chooseLayer} />
          </div>
        </>
      )}
    </div>
  );
}
