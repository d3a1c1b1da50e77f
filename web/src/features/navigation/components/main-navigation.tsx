import { useEffect, useRef, useState } from "react";
import type { BlockProps } from "../../../app/block-props";
import { Img, imageOf, itemsOf, linkOf, textOf, boolOf } from "../../../lib/fields";
import { usePage, useT } from "../../../lib/page-context";
import type { NavigationData, NavItem } from "../types";

function href(item: NavItem, prefix: string): string {
  return item.externalLink || prefix + (item.path === "/" ? "" : item.path) || "/";
}

/** MainNavigation is the site's top bar: desktop dropdowns from 1280 px, a hamburger menu below. */
export function MainNavigation({ fields, data }: BlockProps<NavigationData>) {
  const t = useT();
  const page = usePage();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  const ref = useRef<HTMLElement>(null);
  const isHome = page.path === (data?.homePath ?? "/");
  const prefix = data && data.currentLanguage !== page.site.defaultLanguage ? `/${data.currentLanguage}` : "";

  useEffect(() => {
    setOpen(false);
    setActive(null);
  }, [page.path]);

  useEffect(() => {
    if (!open && !active) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) {
        setOpen(false);
        setActive(null);
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        setActive(null);
      }
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, active]);

  const logo = imageOf(fields, "Logo");
  const items = data?.items ?? [];
  const extras = itemsOf(fields, "ExtraNavigationItems").filter((i) => textOf(i.fields, "Title").trim() !== "" && linkOf(i.fields, "Link"));
  return (
    <nav ref={ref} className={`fc-nav${isHome ? " fc-nav--home" : ""}${boolOf(fields, "HasDarkTheme") ? " fc-nav--dark" : ""}`} aria-label={t("menu", "Meny")}>
      <div className="fc-nav__bar fc-container">
        <a className="fc-nav__logo" href={data?.homePath ?? "/"}>
          {logo ? <Img image={logo} name="Logo" priority /> : page.site.name}
        </a>
        <ul className="fc-nav__items">
          {items.map((item) => (
            <li key={item.id} className="fc-nav__item">
              {item.children?.length ? (
                <>
                  <button type="button" aria-expanded={active === item.id} onClick={() => setActive(active === item.id ? null : item.id)}>
                    {item.navigationTitle}
                  </button>
                  {active === item.id && (
                    <div className="fc-nav__panel">
                      <ul>
                        {item.isNavigableInMenuWhenItHasChildren && (
                          <li>
                            <a href={href(item, prefix)}>{item.navigationTitle}</a>
                          </li>
                        )}
                        {item.children.map((c) => (
                          <li key={c.id}>
                            <a href={href(c, prefix)}>{c.navigationTitle}</a>
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                </>
              ) : (
                <a href={href(item, prefix)}>{item.navigationTitle}</a>
              )}
            </li>
          ))}
          {extras.map((x) => (
            <li key={x.id} className="fc-nav__item fc-nav__item--extra">
              <a href={linkOf(x.fields, "Link")!.href}>{textOf(x.fields, "Title")}</a>
            </li>
          ))}
        </ul>
        <button type="button" className="fc-nav__hamburger" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t("closeMenu", "Stäng meny") : t("menu", "Meny")}
        </button>
      </div>
    </nav>
  );
}
