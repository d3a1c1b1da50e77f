import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Shell } from "./shell";
import { makePage, renderWithPage } from "../test-utils";
import { SCROLL_TO_TOP_THRESHOLD } from "../components/scroll-to-top/scroll-to-top";
import type { PageData } from "../lib/types";

function withBrand(brand: string): PageData {
  const p = makePage();
  return { ...p, sitecore: { ...p.sitecore, route: { ...p.sitecore.route!, fields: { BrandDesign: { value: brand } } } } };
}

describe("Shell brand theming", () => {
  it.each(["mercedes", "smart", "mini", "bmw"])("sets data-brand for %s", (brand) => {
    const { container } = renderWithPage(<Shell />, withBrand(brand));
    expect(container.querySelector(".fc-app")).toHaveAttribute("data-brand", brand);
  });

  it("ignores unknown brands and pages without the field", () => {
    const { container, setPage } = renderWithPage(<Shell />, withBrand("trabant"));
    expect(container.querySelector(".fc-app")).not.toHaveAttribute("data-brand");
    setPage(makePage());
    expect(container.querySelector(".fc-app")).not.toHaveAttribute("data-brand");
  });

  it("has header, main and footer landmarks and a skip link", () => {
    renderWithPage(<Shell />);
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveAttribute("id", "main");
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Hoppa till innehåll" })).toHaveAttribute("href", "#main");
  });
});

describe("ScrollToTop", () => {
  // The button reads the scroll offset once a frame, not in the scroll
  // handler: a scroll is followed by the next frame before it is looked at.
  const scrollTo = async (y: number) => {
    await act(async () => {
      window.scrollY = y;
      fireEvent.scroll(window);
      await new Promise((done) => window.requestAnimationFrame(() => done(undefined)));
    });
  };

  it(`appears after ${SCROLL_TO_TOP_THRESHOLD} px and scrolls to the top`, async () => {
    const scrolled = vi.fn();
    window.scrollTo = scrolled as unknown as typeof window.scrollTo;
    renderWithPage(<Shell />);
    expect(screen.queryByRole("button", { name: "Till toppen" })).toBeNull();
    await scrollTo(SCROLL_TO_TOP_THRESHOLD);
    expect(screen.queryByRole("button", { name: "Till toppen" })).toBeNull();
    await scrollTo(SCROLL_TO_TOP_THRESHOLD + 1);
    fireEvent.click(screen.getByRole("button", { name: "Till toppen" }));
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    await scrollTo(0);
    expect(screen.queryByRole("button", { name: "Till toppen" })).toBeNull();
  });
});
