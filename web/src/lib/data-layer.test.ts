import { renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { usePageImpression } from "./data-layer";
import type { PageData } from "./types";

const page = (path: string, query = ""): PageData =>
  ({
    sitecore: { context: { pageEditing: false, site: { name: "group-se" }, language: "sv", itemPath: path }, route: { name: "bilar", templateName: "CarListPage" } },
    site: { name: "group-se", language: "sv" },
    dictionary: {},
    path,
    query,
    status: 200,
    data: {},
  }) as unknown as PageData;

describe("page_impression", () => {
  beforeEach(() => {
    window.dataLayer = [];
    document.title = "Bilar | Forecourt";
  });

  it("is pushed once per page view, on the first load and after each navigation", () => {
    const { rerender } = renderHook(({ p }) => usePageImpression(p), { initialProps: { p: page("/bilar") } });
    rerender({ p: page("/bilar") });
    expect(window.dataLayer).toEqual([
      { event: "page_impression", page_path: "/bilar", page_title: "Bilar | Forecourt", page_template: "CarListPage", page_name: "bilar", page_status: 200, site_name: "group-se", language: "sv" },
    ]);
    rerender({ p: page("/bilar", "car_fuel=El") });
    expect(window.dataLayer).toHaveLength(2);
    expect(window.dataLayer?.[1]).toMatchObject({ event: "page_impression", page_path: "/bilar?car_fuel=El" });
  });
});
