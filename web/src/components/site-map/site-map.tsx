// The embedded map of a dealer site or a booking's workshops: MapLibre GL
// around the site's coordinate (Stockholm when it has none) with a marker,
// or around several pins (the workshops a booking offers, the chosen one
// highlighted), each marker named for screen readers but not a Tab stop:
// the page's own list is how keyboard users choose, the map a complement.
// The map style is, in this order, MAP_STYLE_URL (real vector tiles, page
// data site.mapStyleUrl), a raster tile URL (dictionary mapTileUrl or the
// tileUrl prop, "…/{z}/{x}/{y}.png"), both at the spec's zoom 15, or the
// offline basemap the project ships (Natural Earth land, lakes and rivers,
// GeoNames places with their population, built by
// web/scripts/build-basemap.mjs) at OFFLINE_ZOOM, so a map shows without any
// outside service. The pointer cannot drag or scroll-zoom it (the spec's
// "interaction disabled": the page scrolls over it), but the keyboard can:
// the canvas is a Tab stop that zooms with + and − and pans with the
// arrows, and zoom buttons sit in the corner. MapLibre and everything that
// drives it (map-draw.ts) are imported in an effect: pages without a map
// never load them, a page with one not before the map is on screen, and the
// server never runs them.
// Its start-up is about a second of main-thread work on a phone, so it
// starts only once a quarter of the map is on screen and the browser is
// idle. When it cannot load (no WebGL, a style that fails), the spec's
// failure message is shown.
import { useEffect, useRef, useState } from "react";
import { useOptionalPage } from "../../lib/page-context";
import type { MapHandle, Pin } from "./map-draw";
import "./site-map.css";

export type { Pin } from "./map-draw";

export const STOCKHOLM = { lat: 59.3293, lng: 18.0686 };
/** LOAD_ERROR is the spec's message when the map cannot load (dictionary key mapLoadError). */
export const LOAD_ERROR = "Failed to load Google Maps API";

export function position(geo?: { latitude?: string; longitude?: string }): { lat: number; lng: number } {
  const lat = parseFloat(geo?.latitude ?? "");
  const lng = parseFloat(geo?.longitude ?? "");
  return Number.isFinite(lat) && Number.isFinite(lng) && (lat !== 0 || lng !== 0) ? { lat, lng } : STOCKHOLM;
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

/** Texts of the map's controls (dictionary keys mapZoomIn, mapZoomOut, mapKeys), Swedish by default. */
function mapTexts(dict: Record<string, string> | undefined) {
  return {
    zoomIn: dict?.mapZoomIn || "Zooma in",
    zoomOut: dict?.mapZoomOut || "Zooma ut",
    keys: dict?.mapKeys || "Karta: zooma med + och −, flytta med piltangenterna",
  };
}

/**
 * SiteMap shows geo with one marker named label, or, given pins, every pin
 * (label then names the map region): framed to show them all, the chosen
 * one on top in the highlight colour. Pins may change while the map is
 * shown (a list that streams in): the markers are redrawn, the map stays.
 */
export function SiteMap({ geo, label, tileUrl, pins }: { geo?: { latitude?: string; longitude?: string }; label: string; tileUrl?: string; pins?: Pin[] }) {
  const drawn = pins && pins.length > 0 ? pins : [{ ...position(geo), name: label, chosen: true }];
  const pinsKey = JSON.stringify(drawn);
  const current = useRef(drawn);
  current.current = drawn;
  const [live, setLive] = useState<MapHandle | null>(null);
  const page = useOptionalPage();
  const styleUrl = page?.site.mapStyleUrl || "";
  const tiles = tileUrl || "";
  const failText = page?.dictionary.mapLoadError || LOAD_ERROR;
  const texts = mapTexts(page?.dictionary);
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>("loading");

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    let map: MapHandle | undefined;
    setState("loading");
    (async () => {
      await shown(el, () => cancelled);
      if (cancelled) return;
      const { makeMap } = await import("./map-draw");
      if (cancelled) return;
      map = await makeMap({
        el,
        styleUrl,
        tiles,
        pins: () => current.current,
        label,
        texts,
        cancelled: () => cancelled,
        onReady: () => setState("ready"),
        onFail: () => setState((s) => (s === "ready" ? s : "failed")),
      });
      if (map && !cancelled) setLive(map);
    })().catch(() => !cancelled && setState("failed"));
    return () => {
      cancelled = true;
      setLive(null);
      map?.remove();
    };
    // The map is made once per style; pins are drawn by the effect below.
    // texts and label come from the dictionary: they do not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [styleUrl, tiles]);

  // The pins: drawn once the map exists and again whenever they change.
  useEffect(() => live?.drawPins(), [live, pinsKey]);

  return (
    <div className="fc-site-map" role="region" aria-label={label} data-state={state}>
      <div ref={box} className="fc-site-map__canvas" />
      {state === "failed" && (
        <p className="fc-site-map__error" role="status">
          {failText}
        </p>
      )}
    </div>
  );
}
