// The dealer-site selection list (CMS block "SiteSelection", spec §2.5):
// up to 100 sites from the search index, each a link to
// {pathToSiteDetail}{slug}, with a filter field that narrows the list as
// the visitor types.
import { useId, useMemo, useState } from "react";
import type { BlockProps } from "../../../app/block-props";
import { useT } from "../../../lib/page-context";
import { Text, textOf } from "../../../lib/fields";
import { Chevron } from "../../../components/block-kit/block-kit";
import type { SiteSelectionData } from "../types";
import "../listings.css";

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

export function SiteSelection({ fields, data }: BlockProps<SiteSelectionData>) {
  const t = useT();
  const id = useId();
  const [q, setQ] = useState("");
  const sites = data?.sites ?? [];
  const shown = useMemo(() => {
    const words = fold(q).split(/\s+/).filter(Boolean);
    if (!words.length) return sites;
    return sites.filter((s) => {
      const hay = fold([s.name, s.city, s.street, s.zip].filter(Boolean).join(" "));
      return words.every((w) => hay.includes(w));
    });
  }, [q, sites]);
  return (
    <section className="fc-site-select" aria-labelledby={`${id}-title`}>
      <div className="fc-container">
        <div className="fc-site-select__head">
          <h2 id={`${id}-title`}>{textOf(fields, "Title") ? <Text fields={fields} name="Title" /> : t("siteSelectionTitle", "Choose a dealer")}</h2>
          {sites.length > 6 && (
            <div className="fc-site-select__search">
              <label htmlFor={`${id}-q`}>{t("siteSelectionFilter", "Filter by name or town")}</label>
              <input id={`${id}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
            </div>
          )}
        </div>
        {data?.error && <p className="fc-listing__message" role="alert">{t("carListError", "Something went wrong.")}</p>}
        <p className="fc-visually-hidden" aria-live="polite">{q ? t("siteSelectionCount", "{count} dealers", { count: shown.length }) : ""}</p>
        {shown.length === 0 && !data?.error ? (
          <p className="fc-listing__message">{t("noSitesFound", "No dealers match your search.")}</p>
        ) : (
          <ul className="fc-site-select__list">
            {shown.map((s) => (
              <li key={s.siteId || s.slug}>
                <a className="fc-site-select__link" href={s.href}>
                  <span className="fc-site-select__text">
                    <span className="fc-site-select__name">{s.name}</span>
                    <span className="fc-site-select__addr">{[s.street, [s.zip, s.city].filter(Boolean).join(" ")].filter(Boolean).join(", ")}</span>
                  </span>
                  <Chevron dir="right" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
