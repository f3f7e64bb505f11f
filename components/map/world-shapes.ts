import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** The built-in base map: countries (with a shade 0/1 for two-tone looks) and the borders between them. */
export interface WorldShapes {
  countries: GeoJSON.FeatureCollection;
  borders: GeoJSON.MultiLineString;
}

type World = Topology<{ countries: GeometryCollection<{ name: string }>; land: GeometryCollection }>;

let loading: Promise<WorldShapes> | null = null;

export function toWorldShapes(world: World): WorldShapes {
  const countries: GeoJSON.FeatureCollection = feature(world, world.objects.countries);
  countries.features.forEach((country, index) => {
    country.properties = { name: country.properties?.name ?? '', shade: index % 2 };
  });
  return {
    countries,
    borders: mesh(world, world.objects.countries, (a, b) => a !== b),
  };
}

/** Loads world-atlas's 1:50m countries once (a separate chunk, served by this server: no internet). */
export function loadWorldShapes(): Promise<WorldShapes> {
  loading ??= import('world-atlas/countries-50m.json').then((module) =>
    toWorldShapes((module.default ?? module) as unknown as World),
  );
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
