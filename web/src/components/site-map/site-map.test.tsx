import { render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

const calls = vi.hoisted(() => ({ maps: [] as Record<string, unknown>[], markers: [] as [number, number][], pins: [] as { opts: Record<string, unknown>; el: HTMLElement; at?: [number, number] }[], fits: [] as unknown[], controls: [] as unknown[], canvas: null as HTMLCanvasElement | null, fail: false, worker: "" }));

vi.mock("maplibre-gl/dist/maplibre-gl-csp-worker.js?url", () => ({ default: "/assets/worker.js" }));
vi.mock("maplibre-gl/dist/maplibre-gl-csp.js", () => {
  class FakeMap {
    handlers: Record<string, (() => void)[]> = {};
    canvas = document.createElement("canvas");
    center: [number, number];
    constructor(opts: Record<string, unknown>) {
      if (calls.fail) throw new Error("Failed to initialize WebGL");
      calls.maps.push(opts);
      calls.canvas = this.canvas;
      this.center = opts.center as [number, number];
      this.canvas.getBoundingClientRect = () => ({ width: 800, height: 500 }) as DOMRect;
      queueMicrotask(() => this.handlers.load?.forEach((fn) => fn()));
    }
    on(ev: string, fn: () => void) {
      (this.handlers[ev] ??= []).push(fn);
      return this;
    }
    getCanvas() {
      return this.canvas;
    }
    getBounds() {
      return { contains: ([x, y]: [number, number]) => Math.abs(x - this.center[0]) < 1 && Math.abs(y - this.center[1]) < 1 };
    }
    getZoom() {
      return calls.maps[calls.maps.length - 1].zoom as number;
    }
    addControl(c: unknown) {
      calls.controls.push(c);
    }
    // 1000 px a degree around the centre: enough to place labels.
    project([x, y]: [number, number]) {
      return { x: 400 + (x - this.center[0]) * 1000, y: 250 - (y - this.center[1]) * 1000 };
    }
    loaded() {
      return true;
    }
    fitBounds(b: unknown) {
      calls.fits.push(b);
    }
    jumpTo() {}
    remove() {}
  }
  // Live markers: a removed one leaves calls.markers (and calls.pins when it was a pin).
  class FakeMarker {
    el: HTMLElement;
    pin?: { opts: Record<string, unknown>; el: HTMLElement; at?: [number, number] };
    ll?: [number, number];
    constructor(public opts: Record<string, unknown> = {}) {
      this.el = (opts.element as HTMLElement) ?? document.createElement("div");
      if (!opts.element) calls.pins.push((this.pin = { opts, el: this.el }));
    }
    getElement() {
      return this.el;
    }
    remove() {
      calls.markers = calls.markers.filter((m) => m !== this.ll);
      calls.pins = calls.pins.filter((p) => p !== this.pin);
    }
    setLngLat(ll: [number, number]) {
      this.ll = ll;
      if (this.pin) this.pin.at = ll;
      calls.markers.push(ll);
      return this;
    }
    addTo() {
      return this;
    }
  }
  class NavigationControl {
    constructor(public opts: unknown) {}
  }
  return { default: { Map: FakeMap, Marker: FakeMarker, NavigationControl, setWorkerUrl: (u: string) => (calls.worker = u) } };
});

import { CHOSEN_COLOR, labelPlaces, OFFLINE_ZOOM, PIN_COLOR, pinBounds, type Pin, type Place } from "./map-draw";
import { position, SiteMap, STOCKHOLM } from "./site-map";

describe("SiteMap", () => {
  beforeEach(() => {
    calls.maps = [];
    calls.markers = [];
    calls.pins = [];
    calls.fits = [];
    calls.controls = [];
    calls.fail = false;
    const fc = { type: "FeatureCollection", features: [] };
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ attribution: "NE", countries: fc, lakes: fc, rivers: fc, places: [["Stockholm", 18.07, 59.33, 1515017], ["Kungsholmen", 18.03, 59.3, 60000], ["Kiruna", 20.2, 67.8, 18000]] }))));
  });

  it("draws the offline basemap around the site: land, lakes, rivers, a marker, place names and keyboard zoom", async () => {
    render(<SiteMap geo={{ latitude: "59.3326", longitude: "18.03" }} label="Karta över Forecourt Kungsholmen" />);
    expect(screen.getByRole("region", { name: "Karta över Forecourt Kungsholmen" })).toBeInTheDocument();
    await waitFor(() => expect(calls.maps).toHaveLength(1));
    expect(calls.maps[0]).toMatchObject({ center: [18.03, 59.3326], zoom: OFFLINE_ZOOM, dragPan: false, scrollZoom: false, keyboard: true });
    expect(JSON.stringify(calls.maps[0].style)).toMatch(/"id":"land".*"id":"lakes".*"id":"rivers"/);
    expect(calls.maps[0]).toHaveProperty(["locale", "Marker.Title"], "Karta över Forecourt Kungsholmen");
    expect(calls.maps[0]).toHaveProperty(["locale", "NavigationControl.ZoomIn"], "Zooma in");
    expect(calls.controls).toHaveLength(1);
    expect(calls.canvas?.getAttribute("role")).toBe("application");
    expect(calls.worker).toBe("/assets/worker.js");
    // the site's marker, then the labels of the places on the map (Kiruna is far off)
    await waitFor(() => expect(calls.markers).toHaveLength(3));
    expect(calls.markers).toEqual(expect.arrayContaining([[18.03, 59.3326], [18.07, 59.33], [18.03, 59.3]]));
    expect(calls.pins).toHaveLength(1);
    expect(calls.pins[0]).toMatchObject({ at: [18.03, 59.3326], opts: { color: CHOSEN_COLOR } });
    expect(calls.pins[0].el).toHaveAttribute("aria-label", "Karta över Forecourt Kungsholmen");
    await waitFor(() => expect(screen.getByRole("region").dataset.state).toBe("ready"));
    expect(screen.getByRole("region").textContent).not.toMatch(/\d+\.\d{3}/);
  });

  it("draws several pins, the chosen one highlighted and on top, each named, framed to show them all, redrawn as the list grows", async () => {
    const pins: Pin[] = [
      { lat: 59.33, lng: 18.03, name: "Forecourt Kungsholmen" },
      { lat: 59.4, lng: 17.95, name: "Forecourt Solna, vald verkstad", chosen: true },
      { lat: 59.26, lng: 18.1, name: "Forecourt Nacka" },
    ];
    const { rerender } = render(<SiteMap label="Karta över verkstäderna" pins={pins} />);
    expect(screen.getByRole("region", { name: "Karta över verkstäderna" })).toBeInTheDocument();
    await waitFor(() => expect(calls.pins).toHaveLength(3));
    // centred on the chosen one, framed around all three
    expect(calls.maps[0]).toMatchObject({ center: [17.95, 59.4], bounds: [[17.95, 59.26], [18.1, 59.4]] });
    expect(calls.pins.map((p) => [p.el.getAttribute("aria-label"), p.opts.color, p.el.getAttribute("role")])).toEqual([
      ["Forecourt Kungsholmen", PIN_COLOR, "img"],
      ["Forecourt Nacka", PIN_COLOR, "img"],
      ["Forecourt Solna, vald verkstad", CHOSEN_COLOR, "img"],
    ]);
    expect(calls.pins[2].opts.className).toContain("fc-site-map__pin--chosen");
    // not Tab stops: the page's list is how the keyboard chooses
    expect(calls.pins.every((p) => !p.el.hasAttribute("tabindex"))).toBe(true);
    // a fourth workshop streams in: the same map, its pins redrawn and the view refitted
    rerender(<SiteMap label="Karta över verkstäderna" pins={[...pins, { lat: 59.6, lng: 17.6, name: "Forecourt Märsta" }]} />);
    await waitFor(() => expect(calls.pins).toHaveLength(4));
    expect(calls.maps).toHaveLength(1);
    expect(calls.fits[calls.fits.length - 1]).toEqual([[17.6, 59.26], [18.1, 59.6]]);
  });

  it("pinBounds frames two or more places, none for one", () => {
    expect(pinBounds([{ lat: 1, lng: 2, name: "a" }])).toBeUndefined();
    expect(pinBounds([{ lat: 1, lng: 2, name: "a" }, { lat: 1, lng: 2, name: "b" }])).toBeUndefined();
    expect(pinBounds([{ lat: 3, lng: 2, name: "a" }, { lat: 1, lng: 4, name: "b" }])).toEqual([[2, 1], [4, 3]]);
  });

  it("defaults to Stockholm and uses a raster tile URL at the spec's zoom 15 when given", async () => {
    render(<SiteMap label="Karta" tileUrl="https://tiles.test/{z}/{x}/{y}.png" />);
    await waitFor(() => expect(calls.maps).toHaveLength(1));
    expect(calls.maps[0]).toMatchObject({ center: [18.0686, 59.3293], zoom: 15 });
    expect(JSON.stringify(calls.maps[0].style)).toContain("https://tiles.test/{z}/{x}/{y}.png");
  });

  it("shows the spec's failure message when the map cannot load", async () => {
    calls.fail = true;
    render(<SiteMap label="Karta" />);
    expect(await screen.findByText("Failed to load Google Maps API")).toBeInTheDocument();
  });
});

describe("labelPlaces", () => {
  const project = (x: number, y: number) => ({ x: x * 10, y: y * 10 });
  it("names the biggest places first, never one over another or over the marker, and none off the map", () => {
    const places: Place[] = [
      ["Big", 10, 10, 500000],
      ["Overlapping", 11, 10, 90000],
      ["Under marker", 30, 30, 50000],
      ["Small", 10, 20, 1200],
      ["Far", 200, 10, 1e6 - 1],
    ];
    const got = labelPlaces(places, project, 400, 400, [[290, 280, 320, 310]]);
    expect(got.map((l) => [l.place[0], l.size, l.side])).toEqual([
      ["Big", "l", "right"],
      ["Small", "s", "right"],
    ]);
  });
  it("puts a name left of its dot where the right side is taken", () => {
    const got = labelPlaces([["Town", 30, 30, 5000]], project, 400, 400, [[308, 290, 340, 310]]);
    expect(got.map((l) => l.side)).toEqual(["left"]);
  });
  it("names the town under the marker below it", () => {
    const got = labelPlaces([["Town", 30, 30, 5000]], project, 400, 400, [[284, 256, 316, 304]]);
    expect(got.map((l) => l.side)).toEqual(["below"]);
    // elsewhere a place without room on either side is left out
    expect(labelPlaces([["Town", 30, 30, 5000]], project, 400, 400, [[306, 280, 400, 320], [0, 280, 294, 320]])).toEqual([]);
  });
});

describe("position", () => {
  it("maps default to Stockholm when the geocoordinate is missing", () => {
    expect(position(undefined)).toEqual(STOCKHOLM);
    expect(position({ latitude: "", longitude: "" })).toEqual(STOCKHOLM);
    expect(position({ latitude: "57.7", longitude: "11.97" })).toEqual({ lat: 57.7, lng: 11.97 });
  });
});
