import { Placeholder } from "./placeholder";
import { usePage, useT } from "../lib/page-context";
import { ScrollToTop } from "../components/scroll-to-top/scroll-to-top";
import { textOf } from "../lib/fields";
import { CompareBar } from "../features/compare/components/compare-bar";

const BRANDS = new Set(["mercedes", "smart", "mini", "bmw"]);

/** Shell lays out the header, main and footer placeholders of the route. */
export function Shell() {
  const page = usePage();
  const t = useT();
  const brand = textOf(page.sitecore.route?.fields, "BrandDesign").toLowerCase();
  return (
    <div className="fc-app" data-brand={BRANDS.has(brand) ? brand : undefined}>
      <a className="fc-skip-link" href="#main">
        {t("skipToContent", "Hoppa till innehåll")}
      </a>
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
