import { createContext, useContext, type ReactNode } from "react";
import type { PageData } from "./types";
import { translator, type T } from "./text";

export interface PageContextValue {
  page: PageData;
  /** Navigate inside the site without a full reload. */
  navigate: (href: string, opts?: { replace?: boolean; scroll?: boolean }) => void;
  /** True while a client-side navigation is loading. */
  navigating: boolean;
}

const PageContext = createContext<PageContextValue | null>(null);

export function PageProvider({ value, children }: { value: PageContextValue; children: ReactNode }) {
  return <PageContext.Provider value={value}>{children}</PageContext.Provider>;
}

export function usePageContext(): PageContextValue {
  const v = useContext(PageContext);
  if (!v) throw new Error("usePageContext outside PageProvider");
  return v;
}

/** useOptionalPage returns the page data, or null outside a PageProvider (shared components rendered alone). */
export function useOptionalPage(): PageData | null {
  return useContext(PageContext)?.page ?? null;
}

export function usePage(): PageData {
  return usePageContext().page;
}

/** useT returns the dictionary lookup (lib/text): missing keys show as the fallback or the key; vars fill placeholders. */
export function useT(): T {
  return translator(usePage().dictionary);
}

export function useEditing(): boolean {
  return usePage().sitecore.context.pageEditing;
}

/** useComponentData returns what the component's loader produced (null on failure). */
export function useComponentData<T>(uid: string): T | null {
  const d = usePage().data[uid];
  return (d ?? null) as T | null;
}
