import { useCallback, useEffect, useId, useRef, useState, type CSSProperties } from "react";
import type { BlockProps } from "../../../app/block-props";
import { Img, boolOf, imageOf, itemsOf, linkOf, textOf } from "../../../lib/fields";
import { usePage, useT } from "../../../lib/page-context";
import type { NavigationData } from "../types";
import { useActiveItem } from "../hooks/use-active-item";
import { useDismiss } from "../hooks/use-dismiss";
import { DesktopBar, type ExtraItem } from "./desktop-bar";
import { MobileMenu } from "./mobile-menu";
import { FavouritesLink } from "../../../components/favourites-link/favourites-link";

/** LOGO_DEFAULT is the logo size when the navigation item sets none (px). */
export const LOGO_DEFAULT = { width: 150, height: 55 } as const;

function positive(v: string, fallback: number): number {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** extraItems are the ExtraNavigationItems with a link and a non-blank title. */
export function extraItems(fields: BlockProps["fields"]): ExtraItem[] {
  return itemsOf(fields, "ExtraNavigationItems").flatMap((i) => {
    const title = textOf(i.fields, "Title").trim();
    const link = linkOf(i.fields, "Link");
    return title && link?.href ? [{ id: i.id, title, href: link.href, target: link.target }] : [];
  });
}

/**
 * MainNavigation is the site's top bar: desktop dropdowns from 1280 px and a
 * hamburger menu below. On the home path it floats transparent over the hero
 * and turns solid on hover, focus or an open menu. The open menu and active
 * item reset whenever the page path changes.
 */
export function MainNavigation({ fields, data }: BlockProps<NavigationData>) {
  const t = useT();
  const page = usePage();
  const state = useActiveItem();
  const [menuOpen, setMenuOpen] = useState(false);
  const nav = useRef<HTMLElement>(null);
  const hamburger = useRef<HTMLButtonElement>(null);
  const mobileId = useId();
  const { reset } = state;

  useEffect(() => {
    setMenuOpen(false);
    reset();
  }, [page.path, reset]);

  const dismiss = useCallback(
    (reason: "outside" | "escape") => {
      if (menuOpen && reason === "escape") hamburger.current?.focus();
      setMenuOpen(false);
      reset();
    },
    [menuOpen, reset],
  );
  useDismiss(nav, menuOpen || state.active.kind !== "reset", dismiss);

  const items = data?.items ?? [];
  const prefix = data && data.currentLanguage !== page.site.defaultLanguage ? `/${data.currentLanguage}` : "";
  const homePath = data?.homePath ?? "/";
  const isHome = page.path === homePath;
  const extras = extraItems(fields);
  const languages = data?.showLanguageSwitch ? data.languages : null;
  const currentLanguage = data?.currentLanguage ?? page.site.language;
  const logo = imageOf(fields, "Logo");
  const logoStyle = {
    "--fc-logo-w": `${positive(textOf(fields, "LogoWidth"), LOGO_DEFAULT.width)}px`,
    "--fc-logo-h": `${positive(textOf(fields, "LogoHeight"), LOGO_DEFAULT.height)}px`,
  } as CSSProperties;
  const a = state.active;
  const dropdownOpen = a.kind === "showMore" || a.kind === "languageSwitch" || (a.kind === "item" && items.some((i) => i.id === a.id && (i.children?.length ?? 0) > 0));
  const classes = [
    "fc-nav",
    isHome ? "fc-nav--floating" : "",
    dropdownOpen || menuOpen ? "fc-nav--solid" : "",
    boolOf(fields, "HasDarkTheme") ? "fc-nav--dark" : "",
    boolOf(fields, "SlimNav") ? "fc-nav--slim" : "",
    menuOpen ? "fc-nav--menu-open" : "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <nav ref={nav} className={classes} aria-label={t("mainNavigation", "Huvudmeny")}>
      <div className="fc-nav__bar fc-container">
        <a className="fc-nav__logo" href={homePath} style={logoStyle} aria-label={logo?.alt ? undefined : page.site.name}>
          {logo ? <Img image={logo} name="Logo" priority sizes={`${LOGO_DEFAULT.width}px`} /> : <span className="fc-nav__wordmark">{page.site.name}</span>}
        </a>
        <DesktopBar
          items={items}
          extras={extras}
          showSeparator={boolOf(fields, "ShowSeparator")}
          languages={languages}
          currentLanguage={currentLanguage}
          prefix={prefix}
          path={page.path}
          state={state}
          t={t}
        />
        {page.dictionary.pathToFavourites && <FavouritesLink href={page.dictionary.pathToFavourites} t={t} />}
        <button ref={hamburger} type="button" className="fc-nav__hamburger" aria-expanded={menuOpen} aria-controls={mobileId} onClick={() => setMenuOpen((o) => !o)}>
          <span className="fc-nav__burger" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span>{menuOpen ? t("closeMenu", "Stäng meny") : t("menu", "Meny")}</span>
        </button>
      </div>
      <MobileMenu id={mobileId} open={menuOpen} items={items} extras={extras} languages={languages} currentLanguage={currentLanguage} prefix={prefix} path={page.path} t={t} />
    </nav>
  );
}
