import type { LatLng } from '@/lib/geo/geofence-bounds';
import { circlePolygon, metresBetween } from './geofence-shapes';

// A mapbox-gl-draw mode for circles (draw has none): press at the centre, drag out the radius, release (mouse or
// finger; the map does not pan meanwhile). A press released without dragging sets the centre; moving the pointer then
// sets the radius and a second click finishes. Escape cancels. The result is a polygon carrying its centre and radius
// (geofence-shapes.ts), announced with draw.create like the built-in modes.

export const DRAW_CIRCLE = 'draw_circle';

interface DrawFeature {
  id: string;
  setCoordinates(coordinates: GeoJSON.Position[][]): void;
  setProperty(name: string, value: unknown): void;
  toGeoJSON(): GeoJSON.Feature;
}

interface Toggle {
  enable(): void;
  disable(): void;
}

interface ModeContext {
  newFeature(geojson: GeoJSON.Feature): DrawFeature;
  addFeature(feature: DrawFeature): void;
  deleteFeature(id: string, options?: { silent: boolean }): void;
  getFeature(id: string): DrawFeature | undefined;
  clearSelectedFeatures(): void;
  updateUIClasses(classes: { mouse?: string }): void;
  setActionableState(state: { trash?: boolean }): void;
  changeMode(mode: string, options?: object, eventOptions?: object): void;
  fire(event: string, data: object): void;
  map: { doubleClickZoom: Toggle; dragPan: Toggle };
}

interface CircleState {
  circle: DrawFeature;
  center: LatLng | null;
  radius: number;
  /** The pointer is down on the centre: dragging sets the radius and releasing finishes. */
  pressed: boolean;
}

interface PointerEvent {
  lngLat: { lat: number; lng: number };
}

function reshape(state: CircleState, pointer: LatLng): void {
  if (!state.center) return;
  state.radius = Math.max(1, metresBetween(state.center, pointer));
  const shape = circlePolygon(state.center, state.radius);
  state.circle.setCoordinates(shape.geometry.coordinates);
  for (const [name, value] of Object.entries(shape.properties)) state.circle.setProperty(name, value);
}

function point(event: PointerEvent): LatLng {
  return { lat: event.lngLat.lat, lng: event.lngLat.lng };
}

export const drawCircleMode = {
  onSetup(this: ModeContext): CircleState {
    const circle = this.newFeature({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: [[]] },
    });
    this.addFeature(circle);
    this.clearSelectedFeatures();
    this.map.doubleClickZoom.disable();
    this.map.dragPan.disable();
    this.updateUIClasses({ mouse: 'add' });
    this.setActionableState({ trash: true });
    return { circle, center: null, radius: 0, pressed: false };
  },
  onMouseDown(this: ModeContext, state: CircleState, event: PointerEvent) {
    if (state.center) return;
    state.center = point(event);
    state.pressed = true;
  },
  onTouchStart(this: ModeContext, state: CircleState, event: PointerEvent) {
    drawCircleMode.onMouseDown.call(this, state, event);
  },
  onDrag(this: ModeContext, state: CircleState, event: PointerEvent) {
    if (state.pressed) reshape(state, point(event));
  },
  /** Released after a drag (a release without one is a click). */
  onMouseUp(this: ModeContext, state: CircleState, event: PointerEvent) {
    if (!state.pressed) return;
    reshape(state, point(event));
    this.changeMode('simple_select', { featureIds: [state.circle.id] });
  },
  onTouchEnd(this: ModeContext, state: CircleState, event: PointerEvent) {
    drawCircleMode.onMouseUp.call(this, state, event);
  },
  /** The press that set the centre was released without dragging: the next click sets the radius. */
  onClick(this: ModeContext, state: CircleState, event: PointerEvent) {
    if (state.pressed || !state.center) {
      state.pressed = false;
      state.center ??= point(event);
      return;
    }
    reshape(state, point(event));
    this.changeMode('simple_select', { featureIds: [state.circle.id] });
  },
  onTap(this: ModeContext, state: CircleState, event: PointerEvent) {
    drawCircleMode.onClick.call(this, state, event);
  },
  onMouseMove(this: ModeContext, state: CircleState, event: PointerEvent) {
    reshape(state, point(event));
  },
  onKeyUp(this: ModeContext, state: CircleState, event: KeyboardEvent) {
    if (event.key === 'Escape') {
      this.deleteFeature(state.circle.id, { silent: true });
      this.changeMode('simple_select');
    }
  },
  onTrash(this: ModeContext, state: CircleState) {
    this.deleteFeature(state.circle.id, { silent: true });
    this.changeMode('simple_select');
  },
  onStop(this: ModeContext, state: CircleState) {
    this.updateUIClasses({ mouse: 'none' });
    this.map.doubleClickZoom.enable();
    this.map.dragPan.enable();
    if (!this.getFeature(state.circle.id)) return;
    if (state.center && state.radius >= 1) {
      this.fire('draw.create', { features: [state.circle.toGeoJSON()] });
    } else {
      this.deleteFeature(state.circle.id, { silent: true });
    }
  },
  toDisplayFeatures(
    this: ModeContext,
    state: CircleState,
    geojson: GeoJSON.Feature,
    display: (feature: GeoJSON.Feature) => void,
  ) {
    const active = geojson.properties?.id === state.circle.id;
    if (geojson.properties) geojson.properties.active = active ? 'true' : 'false';
    const ring = geojson.geometry?.type === 'Polygon' ? geojson.geometry.coordinates[0] : [];
    if (active && (!state.center || ring.length < 4)) return;
    display(geojson);
  },
};
