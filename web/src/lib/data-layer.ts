// The analytics data layer (tag manager). Pushes are queued on window.dataLayer.
import { useEffect, useRef } from "react";
import type { PageData } from "./types";
export type DataLayerEvent = Record<string, unknown> & { event: string };

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function pushDataLayer(ev: DataLayerEvent): void {
  if (typeof window === "undefined") return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(ev);
}

/**
 * pageImpressionOf is the page_impression event of a page view: the path
 * (with the language prefix), the route's template and name, the site and
 * the language.
 */
export function pageImpressionOf(page: PageData, title: string): DataLayerEvent {
  const route = page.sitecore.route;
  return {
    event: "page_impression",
    page_path: page.path + (page.query ? `?${page.query}` : ""),
    page_title: title,
    page_template: route?.templateName ?? "",
    page_name: route?.name ?? "",
    page_status: page.status,
    site_name: page.site.name,
    language: page.site.language,
  };
}

/** usePageImpression pushes page_impression once per page view: the first load and every in-site navigation. */
export function usePageImpression(page: PageData): void {
  const key = `${page.path}?${page.query}`;
  const current = useRef(page);
  current.current = page;
  useEffect(() => {
    pushDataLayer(pageImpressionOf(current.current, document.title));
  }, [key]);
}
