import { render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

const calls = vi.hoisted(() => ({ maps: [] as Record<string, unknown>[], markers: [] as [number, number][], controls: [] as unknown[], canvas: null as HTMLCanvasElement | null, fail: false, worker: "" }));

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
    remove() {}
  }
  class FakeMarker {
    remove() {}
    setLngLat(ll: [number, number]) {
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

import { labelPlaces, OFFLINE_ZOOM, position, SiteMap, STOCKHOLM, type Place } from "./site-map";

describe("SiteMap", () => {
  beforeEach(() => {
    calls.maps = [];
    calls.markers = [];
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
    await waitFor(() => expect(calls.markers).toEqual([[18.03, 59.3326], [18.07, 59.33], [18.03, 59.3]]));
    await waitFor(() => expect(screen.getByRole("region").dataset.state).toBe("ready"));
    expect(screen.getByRole("region").textContent).not.toMatch(/\d+\.\d{3}/);
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
