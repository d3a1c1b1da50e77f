// Page-view events for the personalization service. The browser sends one
// event per page view (the first page and every client-side navigation) to
// POST /api/events/pageview, which forwards it with channel WEB — but only
// after analytics consent: the `consent` cookie holds JSON
// {analytics: boolean, …} and the consent dialog dispatches a
// `forecourt:consent` window event with the same object as its detail.
// Effects and handlers only (never during render).
import { useEffect, useRef } from "react";
import { getCookie } from "./cookies";
import type { PageData } from "./types";

export interface Consent {
  analytics?: boolean;
  [purpose: string]: unknown;
}

export const CONSENT_COOKIE = "consent";
export const CONSENT_EVENT = "forecourt:consent";
export const PAGEVIEW_URL = "/api/events/pageview";

/** readConsent parses the consent cookie; a missing or broken cookie is no consent. */
export function readConsent(): Consent {
  const raw = getCookie(CONSENT_COOKIE);
  if (!raw) return {};
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === "object" ? (v as Consent) : {};
  } catch {
    return {};
  }
}

export interface PageViewEvent {
  page: string;
  variantId: string;
  language: string;
}

/** pageViewOf describes the page: its item name, its default variant (itemId_lang_default) and language. */
export function pageViewOf(page: PageData): PageViewEvent | null {
  const route = page.sitecore.route;
  if (!route || page.sitecore.context.pageEditing) return null;
  const language = page.site.language;
  return { page: route.name || page.path, variantId: route.itemId ? `${route.itemId.replace(/[{}]/g, "").toLowerCase()}_${language}_default` : "", language };
}

/** sendPageView posts the event; it never throws (events are best effort). */
export function sendPageView(ev: PageViewEvent): void {
  const body = JSON.stringify(ev);
  try {
    if (typeof navigator !== "undefined" && navigator.sendBeacon?.(PAGEVIEW_URL, new Blob([body], { type: "application/json" }))) return;
    void fetch(PAGEVIEW_URL, { method: "POST", headers: { "Content-Type": "application/json" }, body, keepalive: true, credentials: "same-origin" }).catch(() => {});
  } catch {
    /* dropped */
  }
}

/**
 * usePageViewEvents sends one page-view event per page (keyed by path and
 * query) once analytics consent is given — at once when the cookie already
 * says so, or when the consent event arrives later for the page on screen.
 */
export function usePageViewEvents(page: PageData): void {
  const sent = useRef<string | null>(null);
  const current = useRef(page);
  current.current = page;
  const key = `${page.path}?${page.query}`;

  useEffect(() => {
    const maybeSend = (consent: Consent) => {
      const k = `${current.current.path}?${current.current.query}`;
      if (consent.analytics !== true || sent.current === k) return;
      const ev = pageViewOf(current.current);
      if (!ev) return;
      sent.current = k;
      sendPageView(ev);
    };
    maybeSend(readConsent());
    const onConsent = (e: Event) => maybeSend(((e as CustomEvent<Consent>).detail ?? readConsent()) as Consent);
    window.addEventListener(CONSENT_EVENT, onConsent);
    return () => window.removeEventListener(CONSENT_EVENT, onConsent);
  }, [key]);
}
