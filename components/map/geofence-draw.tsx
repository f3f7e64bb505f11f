'use client';

import MapboxDraw from '@mapbox/mapbox-gl-draw';
import type { IControl, Map as MapLibreMap } from 'maplibre-gl';
import { useTranslations } from 'next-intl';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { CircleAreaIcon, PolygonAreaIcon, SolidTrashIcon } from '@/components/ui/icons';
import type { LatLng } from '@/lib/geo/geofence-bounds';
import type { Geofence } from '@/lib/geo/geofence';
import { DRAW_CIRCLE, drawCircleMode } from './circle-mode';
import { DRAW_STYLES } from './draw-styles';
import { featureGeofence, geofenceCorners, geofenceFeature, reshapedCircle } from './geofence-shapes';
import { MapCanvas } from './map-canvas';
import type { MapViewProps } from './map-types';
import styles from './map.module.css';

export type GeofenceShape = 'circle' | 'polygon';

export interface GeofenceDrawProps extends MapViewProps {
  /** The geofence shown for editing (null: none yet). A new value from the parent replaces what is drawn. */
  value: Geofence | null;
  /** Called with the geofence after each drawing or edit, and with null when it is deleted. */
  onChange: (geofence: Geofence | null) => void;
  /** Shapes the user may draw; both by default. */
  shapes?: GeofenceShape[];
}

type DrawMode = 'idle' | 'circle' | 'polygon';

/** The draw.* events on the map (MapLibre's typings know only its own events). */
interface DrawEvents {
  on(type: string, listener: (event: never) => void): void;
  off(type: string, listener: (event: never) => void): void;
}

// mapbox-gl-draw looks for Mapbox's class names; MapLibre uses its own (maplibre-gl-js#2601, mapbox-gl-draw#1182).
const drawClasses = MapboxDraw.constants.classes as Record<string, string>;
drawClasses.CANVAS = 'maplibregl-canvas';
drawClasses.CONTROL_BASE = 'maplibregl-ctrl';
drawClasses.CONTROL_PREFIX = 'maplibregl-ctrl-';
drawClasses.CONTROL_GROUP = 'maplibregl-ctrl-group';
drawClasses.ATTRIBUTION = 'maplibregl-ctrl-attrib';

function createDraw(): MapboxDraw {
  return new MapboxDraw({
    displayControlsDefault: false,
    controls: {},
    boxSelect: false,
    styles: DRAW_STYLES as object[],
    modes: { ...MapboxDraw.modes, [DRAW_CIRCLE]: drawCircleMode } as unknown as Record<
      string,
      MapboxDraw.DrawCustomMode
    >,
  });
}

/** The drawn geofence (one at most: drawing a new one replaces the old). */
function currentGeofence(draw: MapboxDraw): Geofence | null {
  const features = draw.getAll().features;
  const last = features[features.length - 1];
  return last ? featureGeofence(last) : null;
}

/**
 * The map with geofence drawing: a circle (press at the centre, drag out the radius, release) or a polygon (click the
 * corners, then the first corner again or Enter), edited by dragging the shape or, after a second click on it, its
 * points. Client only: import GeofenceDrawView from geofence-draw-view.tsx.
 */
export function GeofenceDraw({ value, onChange, shapes = ['circle', 'polygon'], ...mapProps }: GeofenceDrawProps) {
  const t = useTranslations('map.draw');
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [mode, setMode] = useState<DrawMode>('idle');
  /** What the view was last fitted to: a geofence given by the parent (not the user's own edits, which stay put). */
  const [fit, setFit] = useState<{ key: string; points: LatLng[] }>({ key: '', points: [] });
  const draw = useRef<MapboxDraw | null>(null);
  /** The geofence on the map, as JSON: a value from the parent equal to it (an echo of onChange) is not redrawn. */
  const shown = useRef<string | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!map) return;
    const instance = createDraw();
    map.addControl(instance as unknown as IControl);
    draw.current = instance;
    const events = map as unknown as DrawEvents;
    const emit = () => {
      const geofence = currentGeofence(instance);
      shown.current = JSON.stringify(geofence);
      changed.current(geofence);
    };
    const onCreate = (event: { features: GeoJSON.Feature[] }) => {
      const created = event.features[0]?.id;
      for (const feature of instance.getAll().features) if (feature.id !== created) instance.delete(String(feature.id));
      setMode('idle');
      emit();
    };
    const onUpdate = (event: { features: GeoJSON.Feature[]; action: string }) => {
      if (event.action === 'move' || event.action === 'change_coordinates') {
        for (const feature of event.features) {
          const round = reshapedCircle(feature, event.action);
          if (round) instance.add({ ...round, id: feature.id });
        }
      }
      emit();
    };
    const onModeChange = (event: { mode: string }) => {
      if (event.mode !== DRAW_CIRCLE && event.mode !== 'draw_polygon') setMode('idle');
    };
    events.on('draw.create', onCreate);
    events.on('draw.update', onUpdate);
    events.on('draw.delete', emit);
    events.on('draw.modechange', onModeChange);
    return () => {
      events.off('draw.create', onCreate);
      events.off('draw.update', onUpdate);
      events.off('draw.delete', emit);
      events.off('draw.modechange', onModeChange);
      map.removeControl(instance as unknown as IControl);
      draw.current = null;
      shown.current = null;
    };
  }, [map]);

  // Drawn again when the value's content changes, not on every render's new object.
  const valueKey = JSON.stringify(value);
  const showValue = useEffectEvent((instance: MapboxDraw) => {
    if (valueKey === shown.current) return;
    shown.current = valueKey;
    instance.deleteAll();
    if (value) instance.add(geofenceFeature(value) as GeoJSON.Feature);
    setFit({ key: valueKey, points: value ? geofenceCorners(value) : [] });
  });
  useEffect(() => {
    if (map && draw.current) showValue(draw.current);
  }, [map, valueKey]);

  function start(next: Exclude<DrawMode, 'idle'>) {
    const instance = draw.current;
    if (!instance) return;
    if (mode === next) {
      instance.changeMode('simple_select');
      setMode('idle');
      return;
    }
    if (next === 'circle') instance.changeMode(DRAW_CIRCLE);
    else instance.changeMode('draw_polygon');
    setMode(next);
  }

  function remove() {
    const instance = draw.current;
    if (!instance) return;
    instance.deleteAll();
    instance.changeMode('simple_select');
    setMode('idle');
    shown.current = JSON.stringify(null);
    changed.current(null);
  }

  const toolbar = (
    <div className={styles.drawTools}>
      <div className={styles.drawButtons} role="toolbar" aria-label={t('toolbar')}>
        {shapes.includes('circle') && (
          <button
            type="button"
            className={styles.mapButton}
            aria-pressed={mode === 'circle'}
            aria-label={t('circle')}
            title={t('circle')}
            disabled={!map}
            onClick={() => start('circle')}
          >
            <CircleAreaIcon />
          </button>
        )}
        {shapes.includes('polygon') && (
          <button
            type="button"
            className={styles.mapButton}
            aria-pressed={mode === 'polygon'}
            aria-label={t('polygon')}
            title={t('polygon')}
            disabled={!map}
            onClick={() => start('polygon')}
          >
            <PolygonAreaIcon />
          </button>
        )}
        <button
          type="button"
          className={styles.mapButton}
          aria-label={t('delete')}
          title={t('delete')}
          disabled={!map || value === null}
          onClick={remove}
        >
          <SolidTrashIcon />
        </button>
      </div>
      <p className={styles.drawHint} aria-live="polite">
        {mode === 'circle' ? t('circleHint') : mode === 'polygon' ? t('polygonHint') : ''}
      </p>
    </div>
  );

  return <MapCanvas {...mapProps} fitPoints={fit.points} fitKey={fit.key} toolbar={toolbar} onMap={setMap} />;
}
