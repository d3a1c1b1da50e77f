import { useEffect, useId, useState } from "react";
import type { LanguageLink } from "../../../lib/types";
import type { NavItem } from "../types";
import { navHref } from "../nav-links";
import type { ExtraItem } from "./desktop-bar";
import type { T } from "../../../lib/text";

interface MobileMenuProps {
  id: string;
  open: boolean;
  items: NavItem[];
  extras: ExtraItem[];
  languages: LanguageLink[] | null;
  currentLanguage: string;
  prefix: string;
  path: string;
  t: T;
}

/** MobileMenu is the hamburger menu below 1280 px: the tree as expandable (+/-) levels, then the extra items and languages. */
export function MobileMenu({ id, open, items, extras, languages, currentLanguage, prefix, path, t }: MobileMenuProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setExpanded(new Set()), [path]);
  const toggle = (itemId: string) =>
    setExpanded((cur) => {
      const next = new Set(cur);
      if (next.has(itemId)) next.delete(itemId);
      else next.add(itemId);
      return next;
    });
  return (
    <div id={id} className="fc-nav__mobile" hidden={!open}>
      <ul className="fc-nav__acc fc-nav__acc--l1">
        {items.map((item) => (
          <AccordionItem key={item.id} item={item} depth={1} expanded={expanded} toggle={toggle} prefix={prefix} path={path} t={t} />
        ))}
      </ul>
      {extras.length > 0 && (
        <ul className="fc-nav__mobile-extras">
          {extras.map((x) => (
            <li key={x.id}>
              <a className="fc-button fc-button--secondary" href={x.href} target={x.target || undefined}>
                {x.title}
              </a>
            </li>
          ))}
        </ul>
      )}
      {languages && (
        <div className="fc-nav__mobile-langs" role="group" aria-label={t("language", "Språk")}>
          {languages.map((l) => (
            <a key={l.name} href={l.url} hrefLang={l.name} lang={l.name} aria-current={l.name === currentLanguage ? "page" : undefined}>
              {l.nativeName}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}

function AccordionItem({
  item,
  depth,
  expanded,
  toggle,
  prefix,
  path,
  t,
}: {
  item: NavItem;
  depth: number;
  expanded: ReadonlySet<string>;
  toggle: (id: string) => void;
  prefix: string;
  path: string;
  t: T;
}) {
  const subId = useId();
  const href = navHref(item, prefix);
  const kids = item.children ?? [];
  if (kids.length === 0) {
    return (
      <li>
        <a className="fc-nav__acc-link" href={href} aria-current={href === path ? "page" : undefined}>
          {item.navigationTitle}
        </a>
      </li>
    );
  }
  const isOpen = expanded.has(item.id);
  return (
    <li className={isOpen ? "is-open" : undefined}>
      <button type="button" className="fc-nav__acc-toggle" aria-expanded={isOpen} aria-controls={subId} onClick={() => toggle(item.id)}>
        <span>{item.navigationTitle}</span>
        <span className="fc-nav__acc-sign" aria-hidden="true">
          {isOpen ? "−" : "+"}
        </span>
      </button>
      <ul id={subId} className={`fc-nav__acc fc-nav__acc--l${depth + 1}`} hidden={!isOpen}>
        {item.isNavigableInMenuWhenItHasChildren && (
          <li>
            <a className="fc-nav__acc-link fc-nav__acc-link--overview" href={href} aria-current={href === path ? "page" : undefined}>
              {t("overview", "Allt inom")} {item.navigationTitle}
            </a>
          </li>
        )}
        {kids.map((k) => (
          <AccordionItem key={k.id} item={k} depth={depth + 1} expanded={expanded} toggle={toggle} prefix={prefix} path={path} t={t} />
        ))}
      </ul>
    </li>
  );
}
