import { render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

const calls = vi.hoisted(() => ({ maps: [] as Record<string, unknown>[], markers: [] as [number, number][], fail: false, worker: "" }));

vi.mock("maplibre-gl/dist/maplibre-gl-csp-worker.js?url", () => ({ default: "/assets/worker.js" }));
vi.mock("maplibre-gl/dist/maplibre-gl-csp.js", () => {
  class FakeMap {
    handlers: Record<string, () => void> = {};
    constructor(opts: Record<string, unknown>) {
      if (calls.fail) throw new Error("Failed to initialize WebGL");
      calls.maps.push(opts);
      queueMicrotask(() => this.handlers.load?.());
    }
    on(ev: string, fn: () => void) {
      this.handlers[ev] = fn;
      return this;
    }
    loaded() {
      return true;
    }
    remove() {}
  }
  class FakeMarker {
    setLngLat(ll: [number, number]) {
      calls.markers.push(ll);
      return this;
    }
    addTo() {
      return this;
    }
  }
  return { default: { Map: FakeMap, Marker: FakeMarker, setWorkerUrl: (u: string) => (calls.worker = u) } };
});

import { SiteMap } from "./site-map";

describe("SiteMap", () => {
  beforeEach(() => {
    calls.maps = [];
    calls.markers = [];
    calls.fail = false;
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ attribution: "NE", countries: { type: "FeatureCollection", features: [] }, places: [["Kungsholmen", 18.03, 59.33], ["Kiruna", 20.2, 67.8]] }))));
  });

  it("centres a non-interactive map at zoom 12 on the site, with a marker", async () => {
    render(<SiteMap geo={{ latitude: "59.3326", longitude: "18.03" }} label="Karta över Forecourt Kungsholmen" />);
    expect(screen.getByRole("region", { name: "Karta över Forecourt Kungsholmen" })).toBeInTheDocument();
    await waitFor(() => expect(calls.maps).toHaveLength(1));
    expect(calls.maps[0]).toMatchObject({ center: [18.03, 59.3326], zoom: 12, interactive: false });
    expect(calls.worker).toBe("/assets/worker.js");
    // the nearby place (a label marker) and the site's marker; far places are left out
    await waitFor(() => expect(calls.markers).toEqual([[18.03, 59.33], [18.03, 59.3326]]));
    await waitFor(() => expect(screen.getByRole("region").dataset.state).toBe("ready"));
  });

  it("defaults to Stockholm and uses a raster tile URL when given", async () => {
    render(<SiteMap label="Karta" tileUrl="https://tiles.test/{z}/{x}/{y}.png" />);
    await waitFor(() => expect(calls.maps).toHaveLength(1));
    expect(calls.maps[0]).toMatchObject({ center: [18.0686, 59.3293], zoom: 12 });
    expect(JSON.stringify(calls.maps[0].style)).toContain("https://tiles.test/{z}/{x}/{y}.png");
  });

  it("shows the spec's failure message when the map cannot load", async () => {
    calls.fail = true;
    render(<SiteMap label="Karta" />);
    expect(await screen.findByText("Failed to load Google Maps API")).toBeInTheDocument();
  });
});
