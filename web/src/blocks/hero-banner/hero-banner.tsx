import { useEffect, useRef, useState, type FormEvent } from "react";
import type { BlockProps } from "../../app/block-props";
import { FieldLink, Img, RichText, Text, boolOf, fieldValue, imageOf, linkOf, textOf } from "../../lib/fields";
import { usePage, usePageContext, useT } from "../../lib/page-context";
import { pushDataLayer } from "../../lib/data-layer";
import { splitSearch, searchQuery, type FacetValueNode } from "../../lib/search-words";
import { useMediaQuery, usePrefersReducedMotion } from "../../lib/hooks";

/** HeroData is what the hero banner's loader sends: the image's blur placeholder and the brand>model facet for the search bar. */
export interface HeroData {
  blurDataURL?: string;
  brands?: FacetValueNode[];
  /** Values of other facets words may match (car_fuel, car_gearbox). */
  facets?: Record<string, string[]>;
}

const BUTTON_CLASS: Record<string, string> = {
  Primary: "fc-button--primary",
  Secondary: "fc-button--secondary",
  Ghost: "fc-button--ghost",
  "Ghost Contrast": "fc-button--ghost-contrast",
};
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/**
 * HeroBanner is the big image or video banner. It renders nothing when the
 * content type is not Video and no image is set.
 */
export function HeroBanner({ rendering, fields, params, data }: BlockProps<HeroData>) {
  const t = useT();
  // Only the page's first hero is its largest paint: a later one (further
  // down the page) must not take bandwidth from it.
  const page = usePage();
  const lead = Object.values(page.sitecore.route?.placeholders ?? {}).flat().find((r) => r.componentName === "HeroBanner")?.uid === rendering.uid;
  const isVideo = textOf(fields, "Content") === "Video";
  const image = imageOf(fields, "Image");
  if (!isVideo && !image) return null;

  const variant = params.Variant || textOf(fields, "Variant");
  const full = variant === "FullScreen";
  const tag = textOf(fields, "TitleTag").toLowerCase();
  const Heading = (HEADINGS.has(tag) ? tag : "h1") as "h1";
  const placement = (textOf(fields, "ContentPlacement") || "Center").toLowerCase();
  const color = textOf(fields, "TextColor").toLowerCase() === "black" ? "black" : "white";
  const button = BUTTON_CLASS[textOf(fields, "ButtonType")] ?? BUTTON_CLASS.Primary;
  const link = linkOf(fields, "Link");
  const classes = [
    "fc-hero",
    full ? "fc-hero--fullscreen" : "fc-hero--standard",
    `fc-hero--${placement === "top" || placement === "bottom" ? placement : "center"}`,
    `fc-hero--text-${color}`,
    boolOf(fields, "HasMarginTop") ? "fc-hero--margin-top" : "",
    boolOf(fields, "CenterContent") ? "fc-hero--centered" : "",
  ].join(" ");

  return (
    <section className={classes} style={data?.blurDataURL ? { backgroundImage: `url("${data.blurDataURL}")` } : undefined}>
      <div className="fc-hero__media">{isVideo ? <HeroVideo fields={fields} /> : <HeroImage fields={fields} priority={lead} />}</div>
      <div className="fc-hero__content fc-container">
        <div className="fc-hero__text">
          <Text fields={fields} name="Title" tag={Heading} className="fc-hero__title" />
          <RichText fields={fields} name="Text" className="fc-hero__lead" />
          {boolOf(fields, "HeroBannerHasSearchBar") && <HeroSearch fields={fields} brands={data?.brands ?? []} facets={data?.facets ?? {}} />}
          {link && (
            <FieldLink link={link} name="Link" className={`fc-button ${button}`}>
              {link.text}
            </FieldLink>
          )}
        </div>
      </div>
      {full && (
        <button
          type="button"
          className="fc-hero__scroll-down"
          aria-label={t("scrollDown", "Scrolla ner")}
          onClick={(e) => {
            const section = (e.currentTarget as HTMLElement).closest("section");
            const next = section?.getBoundingClientRect().bottom ?? window.innerHeight;
            window.scrollBy({ top: next - (document.querySelector(".fc-nav")?.getBoundingClientRect().height ?? 0), behavior: "smooth" });
          }}
        >
          <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
            <path d="M12 16l-7-7 1.4-1.4L12 13.2l5.6-5.6L19 9z" fill="currentColor" />
          </svg>
        </button>
      )}
    </section>
  );
}

function HeroImage({ fields, priority }: { fields: BlockProps["fields"]; priority: boolean }) {
  const image = imageOf(fields, "Image");
  const phone = imageOf(fields, "ImagePhone");
  return (
    <picture>
      {phone && <source media="(max-width: 767px)" srcSet={`/_img?src=${encodeURIComponent(phone.src!)}&w=640 640w, /_img?src=${encodeURIComponent(phone.src!)}&w=1280 1280w`} sizes="100vw" />}
      <Img image={image} name="Image" className="fc-hero__image" priority={priority} sizes="100vw" />
    </picture>
  );
}

/** HeroVideo plays muted and looping; the phone source is used below 768 px. */
function HeroVideo({ fields }: { fields: BlockProps["fields"] }) {
  const t = useT();
  const phone = useMediaQuery("(max-width: 767px)");
  const reduce = usePrefersReducedMotion();
  const desktop = fieldValue<{ src?: string; href?: string }>(fields, "VideoDesktop");
  const mobile = fieldValue<{ src?: string; href?: string }>(fields, "VideoPhone");
  const src = (phone ? (mobile?.src ?? mobile?.href) : undefined) ?? desktop?.src ?? desktop?.href ?? "";
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(true);
  const [muted, setMuted] = useState(true);
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    if (reduce) {
      v.pause();
      setPlaying(false);
    }
  }, [reduce, src]);
  if (!src) return null;
  const poster = imageOf(fields, "Image")?.src;
  return (
    <>
      <video ref={ref} className="fc-hero__video" src={src} poster={poster ? `/_img?src=${encodeURIComponent(poster)}&w=1280` : undefined} autoPlay={!reduce} muted={muted} loop playsInline />
      <div className="fc-hero__video-controls">
        <button
          type="button"
          aria-pressed={!playing}
          onClick={() => {
            const v = ref.current;
            if (!v) return;
            if (v.paused) {
              void v.play();
              setPlaying(true);
            } else {
              v.pause();
              setPlaying(false);
            }
          }}
        >
          {playing ? t("pause", "Pausa") : t("play", "Spela upp")}
        </button>
        <button
          type="button"
          aria-pressed={!muted}
          onClick={() => {
            setMuted((m) => !m);
          }}
        >
          {muted ? t("unmute", "Slå på ljud") : t("mute", "Stäng av ljud")}
        </button>
      </div>
    </>
  );
}

function HeroSearch({ fields, brands, facets }: { fields: BlockProps["fields"]; brands: FacetValueNode[]; facets: Record<string, string[]> }) {
  const t = useT();
  const { navigate, page } = usePageContext();
  const [value, setValue] = useState("");
  const desktop = useMediaQuery("(min-width: 768px)");
  const placeholder =
    (desktop ? textOf(fields, "SearchBarPlaceholderTextDesktop") : "") || textOf(fields, "SearchBarPlaceholderText") || t("heroSearchPlaceholder", "Sök på märke, modell eller utrustning");
  const target = textOf(fields, "HeroBannerSearchUrl") || page.dictionary.searchPath || page.dictionary.pathToCarList || "/";
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const split = splitSearch(value, brands, "car_brand", "car_model", facets);
    pushDataLayer({ event: "search", search_type: "start page", search_term: value.trim() });
    const qs = searchQuery(split);
    navigate(qs ? `${target}?${qs}` : target);
  };
  return (
    <form className="fc-hero-search" role="search" onSubmit={submit}>
      <label className="fc-visually-hidden" htmlFor="hero-search">
        {placeholder}
      </label>
      <input id="hero-search" type="search" value={value} placeholder={placeholder} onChange={(e) => setValue(e.target.value)} autoComplete="off" enterKeyHint="search" />
      {value && (
        <button type="button" className="fc-hero-search__clear" aria-label={t("clear", "Rensa")} onClick={() => setValue("")}>
          ×
        </button>
      )}
      <button type="submit" className="fc-hero-search__submit" aria-label={t("search", "Sök")}>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
          <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13 13l5 5" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </form>
  );
}
