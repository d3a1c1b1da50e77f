import { useId, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from "react";
import { flushSync } from "react-dom";
import type { LanguageLink } from "../../../lib/types";
import type { NavItem } from "../types";
import { navHref, isCurrentSection } from "../nav-links";
import { useOverflow } from "../hooks/use-overflow";
import { sameItem, type ActiveItem, type useActiveItem } from "../hooks/use-active-item";
import type { T } from "../../../lib/text";

export interface ExtraItem {
  id: string;
  title: string;
  href: string;
  target?: string;
}

interface DesktopBarProps {
  items: NavItem[];
  extras: ExtraItem[];
  showSeparator: boolean;
  languages: LanguageLink[] | null;
  currentLanguage: string;
  prefix: string;
  path: string;
  state: ReturnType<typeof useActiveItem>;
  t: T;
}

const TOP = "[data-nav-top]";
const PANEL_LINKS = "a[href]";

function focusables(root: Element | null, selector: string): HTMLElement[] {
  return root ? Array.from(root.querySelectorAll<HTMLElement>(selector)).filter((el) => !el.closest("[hidden]")) : [];
}

function moveFocus(list: HTMLElement[], current: Element, key: string): boolean {
  const i = list.indexOf(current as HTMLElement);
  let next = -1;
  if (key === "ArrowRight" || key === "ArrowDown") next = i < 0 ? 0 : (i + 1) % list.length;
  else if (key === "ArrowLeft" || key === "ArrowUp") next = i <= 0 ? list.length - 1 : i - 1;
  else if (key === "Home") next = 0;
  else if (key === "End") next = list.length - 1;
  if (next < 0 || !list[next]) return false;
  list[next].focus();
  return true;
}

/**
 * DesktopBar is the top bar from 1280 px: items, dropdown panels, the 'More'
 * overflow menu, the extra items behind an optional separator and the
 * language switcher. Arrow keys move between top items and inside a panel;
 * Escape closes a panel and returns focus to its trigger.
 */
export function DesktopBar({ items, extras, showSeparator, languages, currentLanguage, prefix, path, state, t }: DesktopBarProps) {
  const list = useRef<HTMLUListElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const { visible, phase } = useOverflow(list, items.length);
  const shown = items.slice(0, visible);
  const overflow = items.slice(visible);
  const { open, reset } = state;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const panel = target.closest<HTMLElement>("[data-nav-panel]");
    if (panel) {
      const trigger = bar.current?.querySelector<HTMLElement>(`[aria-controls="${panel.id}"]`);
      if (e.key === "Escape") {
        e.preventDefault();
        e.stopPropagation();
        reset();
        trigger?.focus();
      } else if (["ArrowDown", "ArrowUp", "Home", "End"].includes(e.key)) {
        if (moveFocus(focusables(panel, PANEL_LINKS), target, e.key)) e.preventDefault();
      }
      return;
    }
    if (!target.matches(TOP)) return;
    if (e.key === "ArrowRight" || e.key === "ArrowLeft" || e.key === "Home" || e.key === "End") {
      if (moveFocus(focusables(bar.current, TOP), target, e.key)) {
        e.preventDefault();
        reset();
      }
    } else if (e.key === "ArrowDown" && target.getAttribute("aria-controls")) {
      e.preventDefault();
      const key = JSON.parse(target.dataset.navKey ?? "null") as ActiveItem | null;
      if (key) flushSync(() => open(key));
      focusables(document.getElementById(target.getAttribute("aria-controls")!), PANEL_LINKS)[0]?.focus();
    } else if (e.key === "Escape" && target.getAttribute("aria-expanded") === "true") {
      e.preventDefault();
      e.stopPropagation();
      reset();
    }
  };

  return (
    <div className="fc-nav__desktop" ref={bar} onKeyDown={onKeyDown}>
      <ul className="fc-nav__items" ref={list} data-measuring={phase === "measuring" || undefined}>
        {shown.map((item) =>
          item.children?.length ? (
            <Dropdown
              key={item.id}
              itemKey={{ kind: "item", id: item.id }}
              label={item.navigationTitle}
              current={isCurrentSection(navHref(item, prefix), path)}
              state={state}
              overflowItem
              panelClass="fc-nav__panel fc-nav__panel--mega"
            >
              <MegaPanel item={item} prefix={prefix} path={path} />
            </Dropdown>
          ) : (
            <PlainItem key={item.id} item={item} prefix={prefix} path={path} state={state} />
          ),
        )}
        {(overflow.length > 0 || phase === "measuring") && (
          <Dropdown
            itemKey={{ kind: "showMore" }}
            label={t("more", "Mer")}
            state={state}
            more
            measuring={phase === "measuring"}
            panelClass="fc-nav__panel fc-nav__panel--small"
          >
            <ul className="fc-nav__more-list">
              {overflow.map((item) => (
                <li key={item.id}>
                  <TreeLinks item={item} prefix={prefix} path={path} depth={1} />
                </li>
              ))}
            </ul>
          </Dropdown>
        )}
      </ul>
      {(extras.length > 0 || languages) && (
        <div className="fc-nav__end">
          {showSeparator && extras.length > 0 && <span className="fc-nav__separator" aria-hidden="true" data-testid="nav-separator" />}
          {extras.length > 0 && (
            <ul className="fc-nav__extras">
              {extras.map((x) => (
                <li key={x.id} className="fc-nav__item fc-nav__item--extra">
                  <a href={x.href} target={x.target || undefined} rel={x.target === "_blank" ? "noopener noreferrer" : undefined} data-nav-top aria-current={x.href === path ? "page" : undefined}>
                    {x.title}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {languages && (
            <ul className="fc-nav__extras">
              <Dropdown
                itemKey={{ kind: "languageSwitch" }}
                label={
                  <>
                    <GlobeIcon />
                    <span aria-hidden="true">{currentLanguage.toUpperCase()}</span>
                    <span className="fc-visually-hidden">
                      {t("language", "Språk")}: {languages.find((l) => l.name === currentLanguage)?.nativeName ?? currentLanguage}
                    </span>
                  </>
                }
                state={state}
                panelClass="fc-nav__panel fc-nav__panel--small fc-nav__panel--end"
              >
                <ul className="fc-nav__lang-list">
                  {languages.map((l) => (
                    <li key={l.name}>
                      <a href={l.url} hrefLang={l.name} lang={l.name} aria-current={l.name === currentLanguage ? "page" : undefined}>
                        {l.nativeName}
                      </a>
                    </li>
                  ))}
                </ul>
              </Dropdown>
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function PlainItem({ item, prefix, path, state }: { item: NavItem; prefix: string; path: string; state: ReturnType<typeof useActiveItem> }) {
  const href = navHref(item, prefix);
  const key: ActiveItem = { kind: "item", id: item.id };
  const isActive = sameItem(state.active, key);
  return (
    <li
      className={`fc-nav__item${isActive ? " is-active" : ""}${isCurrentSection(href, path) ? " is-current" : ""}`}
      data-overflow-item
      onPointerEnter={(e) => e.pointerType !== "touch" && state.open(key)}
      onPointerLeave={(e) => e.pointerType !== "touch" && state.closeLater(key, false)}
    >
      <a href={href} data-nav-top aria-current={href === path ? "page" : undefined}>
        {item.navigationTitle}
      </a>
    </li>
  );
}

interface DropdownProps {
  itemKey: ActiveItem;
  label: ReactNode;
  state: ReturnType<typeof useActiveItem>;
  children: ReactNode;
  panelClass: string;
  current?: boolean;
  overflowItem?: boolean;
  more?: boolean;
  measuring?: boolean;
}

/** Dropdown is a top item with a panel: it opens on hover, click, Enter, Space or ArrowDown. */
function Dropdown({ itemKey, label, state, children, panelClass, current, overflowItem, more, measuring }: DropdownProps) {
  const panelId = useId();
  const hoverOpenedAt = useRef(0);
  const isOpen = sameItem(state.active, itemKey);
  const onPointerEnter = (e: PointerEvent) => {
    if (e.pointerType === "touch") return; // touch opens by tap (click)
    if (!isOpen) hoverOpenedAt.current = Date.now();
    state.open(itemKey);
  };
  const onPointerLeave = (e: PointerEvent) => {
    if (e.pointerType !== "touch") state.closeLater(itemKey, true);
  };
  const onClick = (e: MouseEvent) => {
    // The first mouse click right after the hover opened the panel keeps it open.
    const justHovered = Date.now() - hoverOpenedAt.current < 600;
    hoverOpenedAt.current = 0;
    if (isOpen && e.detail > 0 && justHovered) return;
    if (isOpen) state.reset();
    else state.open(itemKey);
  };
  const onBlur = (e: FocusEvent<HTMLLIElement>) => {
    if (isOpen && !e.currentTarget.contains(e.relatedTarget as Node | null) && e.relatedTarget) state.reset();
  };
  return (
    <li
      className={`fc-nav__item fc-nav__item--dropdown${isOpen ? " is-active is-open" : ""}${current ? " is-current" : ""}${more ? " fc-nav__item--more" : ""}${measuring ? " is-measuring" : ""}`}
      data-overflow-item={overflowItem || undefined}
      data-overflow-more={more || undefined}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onBlur={onBlur}
    >
      <button type="button" data-nav-top data-nav-key={JSON.stringify(itemKey)} aria-expanded={isOpen} aria-controls={panelId} onClick={onClick}>
        {label}
        <svg className="fc-nav__chevron" aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <div id={panelId} className={panelClass} data-nav-panel hidden={!isOpen}>
        {children}
      </div>
    </li>
  );
}

/** MegaPanel shows an item's level-2 children with their level-3 children. */
function MegaPanel({ item, prefix, path }: { item: NavItem; prefix: string; path: string }) {
  const href = navHref(item, prefix);
  return (
    <div className="fc-container fc-nav__mega">
      {item.isNavigableInMenuWhenItHasChildren && (
        <a className="fc-nav__overview" href={href} aria-current={href === path ? "page" : undefined}>
          {item.navigationTitle}
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
            <path d="M3 8h9M8 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </a>
      )}
      <ul className="fc-nav__columns">
        {(item.children ?? []).map((c) => (
          <li key={c.id} className="fc-nav__column">
            <TreeLinks item={c} prefix={prefix} path={path} depth={2} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** TreeLinks renders an item as a link (or a heading when it has children and is not navigable) and its children below it. */
function TreeLinks({ item, prefix, path, depth }: { item: NavItem; prefix: string; path: string; depth: number }) {
  const href = navHref(item, prefix);
  const kids = item.children ?? [];
  const title =
    kids.length === 0 || item.isNavigableInMenuWhenItHasChildren ? (
      <a className={`fc-nav__link fc-nav__link--l${depth}`} href={href} aria-current={href === path ? "page" : undefined}>
        {item.navigationTitle}
      </a>
    ) : (
      <span className={`fc-nav__heading fc-nav__link--l${depth}`}>{item.navigationTitle}</span>
    );
  return (
    <>
      {title}
      {kids.length > 0 && (
        <ul className="fc-nav__sublist">
          {kids.map((k) => (
            <li key={k.id}>
              <TreeLinks item={k} prefix={prefix} path={path} depth={depth + 1} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function GlobeIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20">
      <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M2 10h16M10 2c2.5 2.6 2.5 13.4 0 16M10 2c-2.5 2.6-2.5 13.4 0 16" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
