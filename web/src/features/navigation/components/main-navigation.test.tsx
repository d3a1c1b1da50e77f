import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MainNavigation } from "./main-navigation";
import { fitCount } from "../hooks/use-overflow";
import { makePage, renderWithPage } from "../../../test-utils";
import type { NavigationData, NavItem } from "../types";
import type { ComponentRendering, Fields } from "../../../lib/types";

const item = (id: string, title: string, path: string, children: NavItem[] = [], navigable = false): NavItem => ({
  id,
  name: id,
  path,
  navigationTitle: title,
  hideInNavigation: false,
  isNavigableInMenuWhenItHasChildren: navigable,
  children,
});

const tree: NavItem[] = [
  item("buy", "Köpa bil", "/kopa-bil", [item("ev", "Elbil", "/kopa-bil/elbil"), item("lease", "Leasing", "/kopa-bil/leasing")]),
  item("about", "Om oss", "/om-oss", [item("history", "Vår historia", "/om-oss/historia"), item("jobs", "Jobba hos oss", "/om-oss/jobb", [item("open", "Lediga tjänster", "/om-oss/jobb/lediga")])], true),
  item("contact", "Kontakt", "/kontakt"),
];

const data = (over: Partial<NavigationData> = {}): NavigationData => ({
  items: tree,
  languages: [
    { name: "sv", displayName: "Svenska", englishName: "Swedish", nativeName: "Svenska", url: "/om-oss" },
    { name: "en", displayName: "English", englishName: "English", nativeName: "English", url: "/en/om-oss" },
  ],
  showLanguageSwitch: true,
  homePath: "/",
  currentLanguage: "sv",
  ...over,
});

const fields = (over: Fields = {}): Fields => ({
  ShowSeparator: { value: true },
  ExtraNavigationItems: [
    { id: "x1", name: "x1", fields: { Title: { value: "Boka service" }, Link: { value: { href: "/boka-service", text: "Boka service" } } } },
    { id: "x2", name: "x2", fields: { Title: { value: "   " }, Link: { value: { href: "/blank", text: "Blank" } } } },
  ],
  ...over,
});

const rendering: ComponentRendering = { uid: "nav", componentName: "MainNavigation", params: {}, fields: {} };

function renderNav(f: Fields = fields(), d: NavigationData | null = data(), page = makePage()) {
  return renderWithPage(<MainNavigation rendering={rendering} fields={f} params={{}} data={d} />, page);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("MainNavigation", () => {
  it("is a labelled nav landmark with the top items, and a dropdown trigger for items with children", () => {
    renderNav();
    const nav = screen.getByRole("navigation", { name: "Huvudmeny" });
    expect(within(nav).getByRole("button", { name: "Köpa bil" })).toHaveAttribute("aria-expanded", "false");
    expect(within(nav).getByRole("link", { name: "Kontakt" })).toHaveAttribute("href", "/kontakt");
  });

  it("shows extra items with a non-blank title only, after the separator", () => {
    const { container } = renderNav();
    expect(screen.getByRole("link", { name: "Boka service" })).toHaveAttribute("href", "/boka-service");
    expect(screen.queryByRole("link", { name: "Blank" })).toBeNull();
    expect(container.querySelector(".fc-nav__separator")).not.toBeNull();
  });

  it("leaves out the separator when ShowSeparator is off", () => {
    const { container } = renderNav(fields({ ShowSeparator: { value: false } }));
    expect(container.querySelector(".fc-nav__separator")).toBeNull();
  });

  it("shows the language switcher only when showLanguageSwitch, marking the current language", async () => {
    const user = userEvent.setup();
    renderNav();
    await user.click(screen.getByRole("button", { name: /Språk: Svenska/ }));
    expect(screen.getByRole("link", { name: "Svenska" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "English" })).toHaveAttribute("href", "/en/om-oss");
    expect(screen.getByRole("link", { name: "English" })).not.toHaveAttribute("aria-current");
  });

  it("has no language switcher when there is a single language", () => {
    renderNav(fields(), data({ showLanguageSwitch: false }));
    expect(screen.queryByRole("button", { name: /Språk/ })).toBeNull();
  });

  it("opens a panel with level-2 items and their level-3 children; a navigable parent is also a link", async () => {
    const user = userEvent.setup();
    renderNav();
    const trigger = screen.getByRole("button", { name: "Om oss" });
    await user.click(trigger);
    expect(trigger).toHaveAttribute("aria-expanded", "true");
    const panel = document.getElementById(trigger.getAttribute("aria-controls")!)!;
    expect(panel).toBeVisible();
    expect(within(panel).getByRole("link", { name: "Om oss" })).toHaveAttribute("href", "/om-oss");
    expect(within(panel).getByRole("link", { name: "Vår historia" })).toBeInTheDocument();
    // A level-2 item with children that is not navigable is a heading, not a link.
    expect(within(panel).queryByRole("link", { name: "Jobba hos oss" })).toBeNull();
    expect(within(panel).getByText("Jobba hos oss")).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: "Lediga tjänster" })).toHaveAttribute("href", "/om-oss/jobb/lediga");
    await user.click(trigger);
    expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  it("does not link a parent that is not navigable", async () => {
    const user = userEvent.setup();
    renderNav();
    const trigger = screen.getByRole("button", { name: "Köpa bil" });
    await user.click(trigger);
    const panel = document.getElementById(trigger.getAttribute("aria-controls")!)!;
    expect(within(panel).queryByRole("link", { name: "Köpa bil" })).toBeNull();
    expect(within(panel).getByRole("link", { name: "Elbil" })).toBeInTheDocument();
  });

  it("prefixes paths with the language for a non-default language", () => {
    renderNav(fields(), data({ currentLanguage: "en" }));
    expect(screen.getByRole("link", { name: "Kontakt" })).toHaveAttribute("href", "/en/kontakt");
  });

  it("moves between top items with the arrow keys, opens with ArrowDown and closes with Escape back on the trigger", async () => {
    const user = userEvent.setup();
    renderNav();
    const buy = screen.getByRole("button", { name: "Köpa bil" });
    buy.focus();
    await user.keyboard("{ArrowRight}");
    const about = screen.getByRole("button", { name: "Om oss" });
    expect(about).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(buy).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(buy).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "Elbil" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("link", { name: "Leasing" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("link", { name: "Elbil" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(buy).toHaveAttribute("aria-expanded", "false");
    expect(buy).toHaveFocus();
  });

  it("opens a dropdown with Enter and Space", async () => {
    const user = userEvent.setup();
    renderNav();
    const buy = screen.getByRole("button", { name: "Köpa bil" });
    buy.focus();
    await user.keyboard("{Enter}");
    expect(buy).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    await user.keyboard(" ");
    expect(buy).toHaveAttribute("aria-expanded", "true");
  });

  it("closes 200 ms after the pointer leaves an item with children", async () => {
    const user = userEvent.setup();
    renderNav();
    const buy = screen.getByRole("button", { name: "Köpa bil" });
    await user.hover(buy);
    expect(buy).toHaveAttribute("aria-expanded", "true");
    vi.useFakeTimers();
    fireEvent.pointerOut(buy.closest("li")!, { pointerType: "mouse", relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(150));
    expect(buy).toHaveAttribute("aria-expanded", "true");
    act(() => vi.advanceTimersByTime(60));
    expect(buy).toHaveAttribute("aria-expanded", "false");
  });

  it("keeps an item without children active for 600 ms after the pointer leaves", async () => {
    const user = userEvent.setup();
    renderNav();
    const li = screen.getByRole("link", { name: "Kontakt" }).closest("li")!;
    await user.hover(li);
    expect(li).toHaveClass("is-active");
    vi.useFakeTimers();
    fireEvent.pointerOut(li, { pointerType: "mouse", relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(550));
    expect(li).toHaveClass("is-active");
    act(() => vi.advanceTimersByTime(60));
    expect(li).not.toHaveClass("is-active");
  });

  it("toggles the hamburger menu and closes it on an outside click and on Escape", async () => {
    const user = userEvent.setup();
    renderNav();
    const burger = screen.getByRole("button", { name: "Meny" });
    const menu = document.getElementById(burger.getAttribute("aria-controls")!)!;
    expect(menu).not.toBeVisible();
    await user.click(burger);
    expect(burger).toHaveAttribute("aria-expanded", "true");
    expect(menu).toBeVisible();
    // Accordion levels
    const acc = within(menu).getByRole("button", { name: /Om oss/ });
    await user.click(acc);
    expect(acc).toHaveAttribute("aria-expanded", "true");
    expect(within(menu).getByRole("link", { name: "Vår historia" })).toBeVisible();
    fireEvent.mouseDown(document.body);
    expect(burger).toHaveAttribute("aria-expanded", "false");
    await user.click(burger);
    await user.keyboard("{Escape}");
    expect(burger).toHaveAttribute("aria-expanded", "false");
    expect(burger).toHaveFocus();
  });

  it("resets the menu and the active item when the page path changes", async () => {
    const user = userEvent.setup();
    const { setPage } = renderNav();
    await user.click(screen.getByRole("button", { name: "Köpa bil" }));
    await user.click(screen.getByRole("button", { name: "Meny" }));
    setPage(makePage({ path: "/kopa-bil/elbil" }));
    expect(screen.getByRole("button", { name: "Köpa bil" })).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByRole("button", { name: "Meny" })).toHaveAttribute("aria-expanded", "false");
  });

  it("floats on the home path only", () => {
    const { container, setPage } = renderNav(fields(), data(), makePage({ path: "/" }));
    expect(container.querySelector("nav")).toHaveClass("fc-nav--floating");
    setPage(makePage({ path: "/om-oss" }));
    expect(container.querySelector("nav")).not.toHaveClass("fc-nav--floating");
  });

  it("applies the dark theme, slim bar and logo size (default 150×55)", () => {
    const logo = { value: { src: "/logo.svg", alt: "Forecourt" } };
    const { container } = renderNav(fields({ Logo: logo, HasDarkTheme: { value: true }, SlimNav: { value: "1" } }));
    const nav = container.querySelector("nav")!;
    expect(nav).toHaveClass("fc-nav--dark", "fc-nav--slim");
    const home = screen.getByRole("link", { name: "Forecourt" });
    expect(home.style.getPropertyValue("--fc-logo-w")).toBe("150px");
    expect(home.style.getPropertyValue("--fc-logo-h")).toBe("55px");
  });

  it("renders nothing but the bar when the loader failed", () => {
    renderNav(fields(), null);
    expect(screen.getByRole("navigation")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Köpa bil" })).toBeNull();
  });
});

describe("fitCount", () => {
  it.each([
    { widths: [100, 100, 100], available: 400, more: 80, want: 3 },
    { widths: [100, 100, 100], available: 300, more: 80, want: 3 },
    { widths: [100, 100, 100], available: 299, more: 80, want: 2 },
    { widths: [100, 100, 100], available: 250, more: 80, want: 1 },
    { widths: [100, 100, 100], available: 50, more: 80, want: 0 },
  ])("fits $want of $widths into $available", ({ widths, available, more, want }) => {
    expect(fitCount(widths, available, more)).toBe(want);
  });
});
