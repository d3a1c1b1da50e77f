import { Placeholder } from "./placeholder";
import { useEditing, usePage, useT } from "../lib/page-context";
import { ScrollToTop } from "../components/scroll-to-top/scroll-to-top";
import { ConsentManager } from "../components/consent/consent-manager";
import { textOf } from "../lib/fields";
import { EditorBar } from "../components/editor/editor-bar";
import { CompareBar } from "../features/compare/components/compare-bar";

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
      <ConsentManager />
      <CompareBar />
    </div>
  );
}
