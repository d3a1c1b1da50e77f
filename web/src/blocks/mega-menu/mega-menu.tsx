import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { BlockProps } from "../../app/block-props";
import { boolOf, itemsOf, textOf, fieldValue } from "../../lib/fields";
import { useT } from "../../lib/page-context";
import { imageURL } from "../../lib/media";
import type { ListItem } from "../../lib/types";
import { Chevron } from "../../components/block-kit/block-kit";
import "./mega-menu.css";

/** urlOf reads a menu item's Url: a link value or a plain path. */
function urlOf(it: ListItem): string {
  const v = fieldValue<unknown>(it.fields, "Url");
  if (typeof v === "string") return v;
  return (v as { href?: string } | undefined)?.href ?? "";
}

/** visible drops items with HideInNavigation set ("1"). */
function visible(items: ListItem[]): ListItem[] {
  return items.filter((it) => !boolOf(it.fields, "HideInNavigation"));
}

/**
 * MegaMenu is the older menu: top items (Title, Url, Children,
 * HideInNavigation, TopSelected, ImageUrl) open a wide panel with their
 * children and an image. It is a disclosure menu: each top item with
 * children is a button with aria-expanded; Escape closes and returns focus,
 * ArrowLeft/ArrowRight move between top items, a click outside closes.
 */
export function MegaMenu({ fields }: BlockProps) {
  const t = useT();
  const items = visible(itemsOf(fields, "Items"));
  const [open, setOpen] = useState<string | null>(null);
  const rootRef = useRef<HTMLElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(null);
    };
    document.addEventListener("mousedown", onDoc);
    return () => document.removeEventListener("mousedown", onDoc);
  }, [open]);
  if (items.length === 0) return null;
  const onKey = (e: KeyboardEvent<HTMLElement>) => {
    const tops = Array.from(rootRef.current?.querySelectorAll<HTMLElement>(".fc-mega__top") ?? []);
    const i = tops.indexOf(document.activeElement as HTMLElement);
    if (e.key === "Escape" && open) {
      const btn = rootRef.current?.querySelector<HTMLElement>(`[aria-controls="${id}-${open}"]`);
      setOpen(null);
      btn?.focus();
    } else if (i >= 0 && (e.key === "ArrowRight" || e.key === "ArrowLeft")) {
      e.preventDefault();
      tops[(i + (e.key === "ArrowRight" ? 1 : -1) + tops.length) % tops.length]?.focus();
    }
  };
  return (
    <nav className="fc-mega" aria-label={textOf(fields, "Title") || t("megaMenu", "Meny")} ref={rootRef} onKeyDown={onKey}>
      <div className="fc-container">
        <ul className="fc-mega__bar">
          {items.map((it) => {
            const children = visible(itemsOf(it.fields, "Children"));
            const title = textOf(it.fields, "Title");
            const selected = boolOf(it.fields, "TopSelected");
            if (children.length === 0) {
              return (
                <li key={it.id}>
                  <a className={`fc-mega__top${selected ? " fc-mega__top--selected" : ""}`} href={urlOf(it)} aria-current={selected ? "true" : undefined}>
                    {title}
                  </a>
                </li>
              );
            }
            const isOpen = open === it.id;
            const img = textOf(it.fields, "ImageUrl");
            return (
              <li key={it.id}>
                <button
                  type="button"
                  className={`fc-mega__top${selected ? " fc-mega__top--selected" : ""}`}
                  aria-expanded={isOpen}
                  aria-controls={`${id}-${it.id}`}
                  onClick={() => setOpen(isOpen ? null : it.id)}
                >
                  {title}
                  <Chevron dir={isOpen ? "up" : "down"} />
                </button>
                <div className="fc-mega__panel" id={`${id}-${it.id}`} hidden={!isOpen}>
                  <div className="fc-mega__columns">
                    <a className="fc-mega__overview" href={urlOf(it)}>
                      {t("overview", "Översikt")}: {title}
                    </a>
                    <ul className="fc-mega__links">
                      {children.map((c) => (
                        <li key={c.id}>
                          <a href={urlOf(c)}>{textOf(c.fields, "Title")}</a>
                          {visible(itemsOf(c.fields, "Children")).length > 0 && (
                            <ul className="fc-mega__sub">
                              {visible(itemsOf(c.fields, "Children")).map((g) => (
                                <li key={g.id}>
                                  <a href={urlOf(g)}>{textOf(g.fields, "Title")}</a>
                                </li>
                              ))}
                            </ul>
                          )}
                        </li>
                      ))}
                    </ul>
                    {img && <img className="fc-mega__img" src={imageURL(img, 640)} alt="" loading="lazy" />}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
