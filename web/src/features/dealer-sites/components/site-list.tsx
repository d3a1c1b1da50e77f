// The dealer-site list (CMS block "SiteList"): city and brand filters, a
// search field, a grid of site cards and show more (48 a page).
import { useState, type FormEvent } from "react";
import type { BlockProps } from "../../../app/block-props";
import { usePage, useT } from "../../../lib/page-context";
import { imageSrcSet, imageURL } from "../../../lib/media";
import { textOf } from "../../../lib/fields";
import { searchSites } from "../api/search-sites";
import type { SiteCardData, SiteListData } from "../types";
import type { FacetResult } from "../../../lib/search";
import "../dealer-sites.css";
import { textOrder } from "../../../lib/format";
import { useLatestCall } from "../../../lib/use-request";

type Status = "ready" | "loading" | "loading-more" | "error";


export function SiteList({ data }: BlockProps<SiteListData>) {
  const t = useT();
  const page = usePage();
  const [filters, setFilters] = useState(data?.filters ?? {});
  const [keyphrase, setKeyphrase] = useState(data?.keyphrase ?? "");
  const [input, setInput] = useState(data?.keyphrase ?? "");
  const [pageNo, setPageNo] = useState(data?.page ?? 0);
  const [sites, setSites] = useState<SiteCardData[]>(data?.sites ?? []);
  const [facets, setFacets] = useState<FacetResult[]>(data?.facets ?? []);
  const [total, setTotal] = useState(data?.total ?? 0);
  const [status, setStatus] = useState<Status>(!data || data.error ? "error" : "ready");
  const { run: latest } = useLatestCall();
  if (!data) return <p className="fc-container fc-list-message">{t("carListError")}</p>;
  const title = textOf(page.sitecore.route?.fields ?? {}, "Title");

  const run = async (f: Record<string, string[]>, kp: string, pg: number, more: boolean) => {
    setStatus(more ? "loading-more" : "loading");
    const qs = new URLSearchParams();
    for (const [k, vs] of Object.entries(f)) for (const v of vs) qs.append(k, v);
    if (kp) qs.set("keyphrase", kp);
    if (pg > 0) qs.set("page", String(pg));
    window.history.replaceState({ fc: true }, "", `${window.location.pathname}${qs.size ? `?${qs}` : ""}`);
    const o = await latest((signal) => searchSites({ index: data.index, fields: data.fields, facets: data.facetRequests, filters: f, keyphrase: kp, limit: data.pageSize, offset: more ? pg * data.pageSize : 0, signal }));
    if (!o) return;
    if (!o.ok) return setStatus("error");
    const res = o.value;
    setSites((prev) => (more ? [...prev, ...res.content] : res.content));
    setFacets(res.facet);
    setTotal(res.total_items);
    setStatus("ready");
  };
  const toggle = (facet: string, v: string) => {
    const cur = filters[facet] ?? [];
    const next = { ...filters, [facet]: cur.includes(v) ? cur.filter((x) => x !== v) : [...cur, v] };
    if (!next[facet].length) delete next[facet];
    setFilters(next);
    setPageNo(0);
    void run(next, keyphrase, 0, false);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setKeyphrase(input.trim());
    setPageNo(0);
    void run(filters, input.trim(), 0, false);
  };
  const more = () => {
    setPageNo(pageNo + 1);
    void run(filters, keyphrase, pageNo + 1, true);
  };
  return (
    <div className="fc-site-list fc-container">
      {title && <h1 className="fc-page-title">{title}</h1>}
      <div className="fc-site-list__toolbar">
        <form role="search" className="fc-keyphrase" onSubmit={submit}>
          <label htmlFor="fc-site-search" className="fc-visually-hidden">
            {t("siteSearchLabel", "Sök anläggning")}
          </label>
          <input id="fc-site-search" type="search" value={input} onChange={(e) => setInput(e.target.value)} placeholder={t("siteSearchPlaceholder", "Sök ort, anläggning eller märke")} />
          <button type="submit" className="fc-button fc-button--primary">
            {t("search", "Sök")}
          </button>
        </form>
        {facets.map((f) => (
          <fieldset key={f.name} className="fc-pill-filter">
            <legend>{t(`facet_${f.name}`, f.name)}</legend>
            <div>
              {[...f.values].sort((a, b) => textOrder(page.site.locale)(a.text, b.text)).map((v) => {
                const on = (filters[f.name] ?? []).includes(v.text);
                return (
                  <label key={v.text} className={`fc-pill${on ? " is-on" : ""}`}>
                    <input type="checkbox" checked={on} onChange={() => toggle(f.name, v.text)} />
                    {v.text} <span className="fc-pill__count">{v.count}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      {status === "error" ? (
        <p className="fc-list-message fc-list-message--error" role="alert">
          {t("carListError")}
        </p>
      ) : sites.length === 0 ? (
        <p className="fc-list-message">{t("noSitesFound", "Inga anläggningar matchar din sökning.")}</p>
      ) : (
        <ul className="fc-site-grid" aria-busy={status === "loading"}>
          {sites.map((s, i) => (
            <li key={s.site_id}>
              <SiteCard site={s} href={`${data.detailPath}${s.slug}`} eager={i < 3} />
            </li>
          ))}
        </ul>
      )}
      {status !== "error" && sites.length > 0 && (
        <div className="fc-car-list__more">
          <p role="status">{t("showingXofYSites", "Visar {x} av {y} anläggningar", { x: sites.length, y: total })}</p>
          {sites.length < total && (
            <button type="button" className="fc-button fc-button--secondary" onClick={more} disabled={status === "loading-more"}>
              {t("showMore", "Visa fler")}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function SiteCard({ site, href, eager }: { site: SiteCardData; href: string; eager: boolean }) {
  const img = site.site_primary_image?.thumbnail_url || site.site_primary_image?.original;
  const blur = site.site_primary_image?.blur_data_url;
  return (
    <a className="fc-site-card" href={href}>
      <div className="fc-site-card__media" style={blur ? { backgroundImage: `url("${blur}")` } : undefined}>
        {img && <img src={imageURL(img, 640)} srcSet={imageSrcSet(img)} sizes={imageSrcSet(img) ? "(min-width: 1024px) 33vw, 100vw" : undefined} alt="" loading={eager ? "eager" : "lazy"} width={640} height={360} />}
      </div>
      <div className="fc-site-card__body">
        <h2 className="fc-site-card__title">{site.site_official_name}</h2>
        <p className="fc-site-card__city">
          {[site.site_street, site.site_city].filter(Boolean).join(", ")}
        </p>
        {site.site_brands && site.site_brands.length > 0 && (
          <ul className="fc-site-card__brands">
            {site.site_brands.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        )}
      </div>
    </a>
  );
}
