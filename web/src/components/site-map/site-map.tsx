// The embedded map of a dealer site or a booking's workshop: MapLibre GL at
// zoom 12 around the site's coordinate (Stockholm when it has none), with
// interaction disabled and a marker. The map style is, in this order,
// MAP_STYLE_URL (real vector tiles, page data site.mapStyleUrl), a raster
// tile URL (dictionary mapTileUrl or the tileUrl prop, "…/{z}/{x}/{y}.png"),
// or the offline basemap the project ships (Natural Earth outlines and
// GeoNames places, built by web/scripts/build-basemap.mjs), so a map shows
// without any outside service. MapLibre is imported in an effect: pages
// without a map never load it and the server never runs it. Its start-up is
// about a second of main-thread work on a phone, so it starts only once a
// quarter of the map is on screen and the browser is idle: a dealer page
// whose map sits below the fold paints and answers first. When it cannot
// load (no WebGL, a style that fails), the spec's failure message is shown.
import { useEffect, useRef, useState } from "react";
import { useOptionalPage } from "../../lib/page-context";
import "./site-map.css";

export const STOCKHOLM = { lat: 59.3293, lng: 18.0686 };
export const ZOOM = 12;
/** LOAD_ERROR is the spec's message when the map cannot load (dictionary key mapLoadError). */
export const LOAD_ERROR = "Failed to load Google Maps API";

export function position(geo?: { latitude?: string; longitude?: string }): { lat: number; lng: number } {
  const lat = parseFloat(geo?.latitude ?? "");
  const lng = parseFloat(geo?.longitude ?? "");
  return Number.isFinite(lat) && Number.isFinite(lng) && (lat !== 0 || lng !== 0) ? { lat, lng } : STOCKHOLM;
}

// The offline basemap: a hashed asset of the build, fetched only by a map.
const BASEMAP_URL = new URL("./basemap.generated.json", import.meta.url).href;

interface Basemap {
  attribution: string;
  countries: import("geojson").FeatureCollection;
  places: [string, number, number][]; // name, lng, lat
}

let basemap: Promise<Basemap> | undefined;
function loadBasemap(): Promise<Basemap> {
  basemap ??= fetch(BASEMAP_URL).then((r) => {
    if (!r.ok) throw new Error(`basemap: ${r.status}`);
    return r.json() as Promise<Basemap>;
  });
  basemap.catch(() => (basemap = undefined));
  return basemap;
}

/** nearbyPlaces are the places within the view of a zoom-12 map around (lat, lng), nearest first. */
export function nearbyPlaces(places: Basemap["places"], lat: number, lng: number, max = 12): Basemap["places"] {
  const dLat = 0.06;
  const dLng = 0.06 / Math.cos((lat * Math.PI) / 180);
  return places
    .filter(([, x, y]) => Math.abs(y - lat) < dLat && Math.abs(x - lng) < dLng * 1.6)
    .map((p) => ({ p, d: Math.hypot((p[2] - lat) / dLat, (p[1] - lng) / dLng) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, max)
    .map(({ p }) => p);
}

type MapState = "loading" | "ready" | "failed";

/**
 * shown resolves once a quarter of el is in the viewport and the browser is
 * idle (at once where IntersectionObserver is missing). It never resolves
 * when cancelled() turns true first.
 */
function shown(el: Element, cancelled: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (cancelled()) return;
      if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 1000 });
      else setTimeout(resolve, 0);
    };
    if (typeof IntersectionObserver === "undefined") return resolve();
    const io = new IntersectionObserver(
      (entries) => {
        if (cancelled()) return io.disconnect();
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          idle();
        }
      },
      { threshold: 0.25 },
    );
    io.observe(el);
  });
}

export function SiteMap({ geo, label, tileUrl }: { geo?: { latitude?: string; longitude?: string }; label: string; tileUrl?: string }) {
  const { lat, lng } = position(geo);
  const page = useOptionalPage();
  const styleUrl = page?.site.mapStyleUrl || "";
  const tiles = tileUrl || "";
  const failText = page?.dictionary.mapLoadError || LOAD_ERROR;
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>("loading");

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    let map: { remove(): void } | undefined;
    setState("loading");
    (async () => {
      await shown(el, () => cancelled);
      if (cancelled) return;
      const [{ default: maplibregl }, { default: workerUrl }] = await Promise.all([
        import("maplibre-gl/dist/maplibre-gl-csp.js") as Promise<{ default: typeof import("maplibre-gl") }>,
        import("maplibre-gl/dist/maplibre-gl-csp-worker.js?url") as Promise<{ default: string }>,
      ]);
      if (cancelled) return;
      maplibregl.setWorkerUrl(workerUrl);
      let style: string | import("maplibre-gl").StyleSpecification;
      let places: Basemap["places"] = [];
      if (styleUrl) {
        style = styleUrl;
      } else if (tiles) {
        style = {
          version: 8,
          sources: { tiles: { type: "raster", tiles: [tiles], tileSize: 256, maxzoom: 19 } },
          layers: [{ id: "tiles", type: "raster", source: "tiles" }],
        };
      } else {
        const bm = await loadBasemap();
        if (cancelled) return;
        places = nearbyPlaces(bm.places, lat, lng);
        style = {
          version: 8,
          sources: {
            countries: { type: "geojson", data: bm.countries, attribution: bm.attribution },
            places: {
              type: "geojson",
              data: {
                type: "FeatureCollection",
                features: places.map(([name, x, y]) => ({ type: "Feature", properties: { name }, geometry: { type: "Point", coordinates: [x, y] } })),
              },
            },
          },
          layers: [
            { id: "water", type: "background", paint: { "background-color": "#b9d3e6" } },
            { id: "land", type: "fill", source: "countries", paint: { "fill-color": "#eef0e6" } },
            { id: "borders", type: "line", source: "countries", paint: { "line-color": "#b5bdb2", "line-width": 1 } },
            { id: "places", type: "circle", source: "places", paint: { "circle-radius": 3, "circle-color": "#5b6470", "circle-stroke-color": "#fff", "circle-stroke-width": 1 } },
          ],
        };
      }
      const m = new maplibregl.Map({
        container: el,
        style,
        center: [lng, lat],
        zoom: ZOOM,
        interactive: false,
        attributionControl: { compact: false },
      });
      map = m;
      m.on("error", (e) => {
        // A style or source that cannot load leaves an empty map: say so.
        if (!m.loaded() || /style|source/i.test(String(e.error?.message ?? ""))) setState((s) => (s === "ready" ? s : "failed"));
      });
      m.on("load", () => !cancelled && setState("ready"));
      // Place names without glyph downloads: small labels beside the dots.
      for (const [name, x, y] of places) {
        const tag = document.createElement("span");
        tag.className = "fc-site-map__place";
        tag.textContent = name;
        new maplibregl.Marker({ element: tag, anchor: "left", offset: [6, 0] }).setLngLat([x, y]).addTo(m);
      }
      new maplibregl.Marker({ color: "#e4572e" }).setLngLat([lng, lat]).addTo(m);
    })().catch(() => !cancelled && setState("failed"));
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [lat, lng, styleUrl, tiles]);

  return (
    <div className="fc-site-map" role="region" aria-label={label} data-state={state}>
      <div ref={box} className="fc-site-map__canvas" aria-hidden="true" />
      {state === "failed" && (
        <p className="fc-site-map__error" role="status">
          {failText}
        </p>
      )}
      <span className="fc-site-map__coords">
        {lat.toFixed(4)}, {lng.toFixed(4)}
      </span>
    </div>
  );
}
