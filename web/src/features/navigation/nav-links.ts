import type { NavItem } from "./types";

/** navHref is an item's link: its external link, or its path under the language prefix ("" for the default language). */
export function navHref(item: NavItem, prefix: string): string {
  if (item.externalLink) return item.externalLink;
  const path = item.path === "/" ? "" : item.path;
  return prefix + path || "/";
}

/** isCurrentSection is true when path is the item's page or below it. */
export function isCurrentSection(href: string, path: string): boolean {
  if (href === "/" || /^https?:/.test(href)) return false;
  return path === href || path.startsWith(href + "/");
}
