import { Placeholder } from "./placeholder";
import { useEditing, usePage, useT } from "../lib/page-context";
import { ConsentManager } from "../components/consent/consent-manager";
import { textOf } from "../lib/fields";
import { lazyBlock } from "../lib/lazy-block";

// Only editing mode shows the editor bar: its code is a chunk of its own.
const EditorBar = lazyBlock(() => import("../components/editor/editor-bar").then((m) => m.EditorBar), { editing: true });

// The compare bar shows only once a visitor has picked cars (kept in local
// storage, so the server and the hydrating render show nothing): its code
// arrives right after hydration instead of with the page.
const CompareBar = lazyBlock(() => import("../features/compare/components/compare-bar").then((m) => m.CompareBar));

// The scroll-to-top button shows only after scrolling 528 px (the server
// and the hydrating render show nothing): like the compare bar, its code
// (scroll and cover checks) arrives after hydration, off every first load.
const ScrollToTop = lazyBlock(() => import("../components/scroll-to-top/scroll-to-top").then((m) => m.ScrollToTop));

const BRANDS = new Set(["mercedes", "smart", "mini", "bmw"]);

/** Shell lays out the header, main and footer placeholders of the route. */
export function Shell() {
  const page = usePage();
  const t = useT();
  const editing = useEditing();
  const brand = textOf(page.sitecore.route?.fields, "BrandDesign").toLowerCase();
  return (
    <div className="fc-app" data-brand={BRANDS.has(brand) ? brand : undefined}>
      <a className="fc-skip-link" href="#main">
        {t("skipToContent", "Hoppa till innehåll")}
      </a>
      {/* The cookie banner comes before the page so its buttons are the first Tab stops. */}
      <ConsentManager />
      {editing && <EditorBar />}
      <header className="fc-header">
        <Placeholder name="headless-header" />
      </header>
      <main id="main" className="fc-main" tabIndex={-1}>
        <Placeholder name="headless-main" />
      </main>
      <footer className="fc-footer-area">
        <Placeholder name="headless-footer" />
      </footer>
      <ScrollToTop />
      <CompareBar />
    </div>
  );
}
