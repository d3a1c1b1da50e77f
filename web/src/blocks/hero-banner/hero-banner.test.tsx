import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { HeroBanner, type HeroData } from "./hero-banner";
import { makePage, renderWithPage } from "../../test-utils";
import type { ComponentRendering, Fields } from "../../lib/types";

const rendering: ComponentRendering = { uid: "h", componentName: "HeroBanner", params: {}, fields: {} };
const f = (o: Record<string, unknown>): Fields => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, { value: v }]));
const image = { src: "/-/media/demo/scene/road.jpg", alt: "En väg", width: 1920, height: 1080 };
const base = { Title: "Hitta din nästa bil", Text: "Över 20 000 bilar", Content: "Image", Image: image, Link: { href: "/bilar", text: "Se alla bilar" } };

function renderHero(fields: Record<string, unknown>, params: Record<string, string> = {}, data: HeroData | null = null, navigate = vi.fn()) {
  const r = renderWithPage(<HeroBanner rendering={rendering} fields={f(fields)} params={params} data={data} />, makePage(), navigate);
  return { ...r, navigate };
}

describe("HeroBanner", () => {
  it("renders nothing when the content is not Video and no image is set", () => {
    const { container } = renderHero({ ...base, Image: undefined });
    expect(container).toBeEmptyDOMElement();
  });

  it("renders a video hero without an image", () => {
    const { container } = renderHero({ Title: "Film", Content: "Video", VideoDesktop: { src: "/v.mp4" } });
    const video = container.querySelector("video")!;
    expect(video).toHaveAttribute("src", "/v.mp4");
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(screen.getByRole("button", { name: "Pausa" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Slå på ljud" })).toBeInTheDocument();
  });

  it("toggles play/pause and mute", async () => {
    const user = userEvent.setup();
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
    const paused = vi.spyOn(HTMLMediaElement.prototype, "paused", "get").mockReturnValue(false);
    renderHero({ Content: "Video", VideoDesktop: { src: "/v.mp4" } });
    await user.click(screen.getByRole("button", { name: "Pausa" }));
    expect(pause).toHaveBeenCalled();
    paused.mockReturnValue(true);
    await user.click(screen.getByRole("button", { name: "Spela upp" }));
    expect(play).toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Slå på ljud" }));
    expect(screen.getByRole("button", { name: "Stäng av ljud" })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it("uses h1 by default and the TitleTag when given", () => {
    const { unmount } = renderHero(base);
    expect(screen.getByRole("heading", { level: 1, name: "Hitta din nästa bil" })).toBeInTheDocument();
    unmount();
    renderHero({ ...base, TitleTag: "H3" });
    expect(screen.getByRole("heading", { level: 3, name: "Hitta din nästa bil" })).toBeInTheDocument();
  });

  it.each([
    ["Primary", "fc-button--primary"],
    ["Secondary", "fc-button--secondary"],
    ["Ghost", "fc-button--ghost"],
    ["Ghost Contrast", "fc-button--ghost-contrast"],
  ])("styles the button %s", (type, cls) => {
    renderHero({ ...base, ButtonType: type });
    expect(screen.getByRole("link", { name: "Se alla bilar" })).toHaveClass("fc-button", cls);
  });

  it.each([
    [{ ContentPlacement: "Top" }, "fc-hero--top"],
    [{ ContentPlacement: "Bottom" }, "fc-hero--bottom"],
    [{ ContentPlacement: "" }, "fc-hero--center"],
    [{ TextColor: "Black" }, "fc-hero--text-black"],
    [{ TextColor: "White" }, "fc-hero--text-white"],
    [{ HasMarginTop: true }, "fc-hero--margin-top"],
    [{ CenterContent: true }, "fc-hero--centered"],
  ])("maps %o to %s", (extra, cls) => {
    const { container } = renderHero({ ...base, ...extra });
    expect(container.querySelector("section")).toHaveClass(cls);
  });

  it("has a scroll-down button in the FullScreen variant only", () => {
    const { container, unmount } = renderHero(base, { Variant: "FullScreen" });
    expect(container.querySelector("section")).toHaveClass("fc-hero--fullscreen");
    expect(screen.getByRole("button", { name: "Scrolla ner" })).toBeInTheDocument();
    unmount();
    const r = renderHero(base);
    expect(r.container.querySelector("section")).toHaveClass("fc-hero--standard");
    expect(screen.queryByRole("button", { name: "Scrolla ner" })).toBeNull();
  });

  it("offers the phone image below 768 px", () => {
    const { container } = renderHero({ ...base, ImagePhone: { src: "/-/media/demo/scene/forest.jpg" } });
    expect(container.querySelector("source")).toHaveAttribute("media", "(max-width: 767px)");
  });
});

describe("HeroBanner search", () => {
  const brands = [{ text: "Volvo", children: [{ text: "XC60" }] }, { text: "Mercedes-Benz", children: [{ text: "EQS" }] }];

  it("has the default placeholder, a clear button and submits with Enter", async () => {
    const user = userEvent.setup();
    window.dataLayer = [];
    const { navigate } = renderHero({ ...base, HeroBannerHasSearchBar: true, HeroBannerSearchUrl: "/bilar" }, {}, { brands });
    const box = screen.getByRole("searchbox", { name: "Sök på märke, modell eller utrustning" });
    expect(box).toHaveAttribute("placeholder", "Sök på märke, modell eller utrustning");
    await user.type(box, "gammal");
    await user.click(screen.getByRole("button", { name: "Rensa" }));
    expect(box).toHaveValue("");
    expect(screen.queryByRole("button", { name: "Rensa" })).toBeNull();
    await user.type(box, "volvo xc60 dragkrok{Enter}");
    expect(navigate).toHaveBeenCalledWith("/bilar?car_brand=Volvo&car_model=Volvo%3EXC60&keyphrase=dragkrok");
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: "search", search_type: "start page" }));
  });

  it("submits with the search button and uses the editor's placeholder", async () => {
    const user = userEvent.setup();
    const { navigate } = renderHero({ ...base, HeroBannerHasSearchBar: true, HeroBannerSearchUrl: "/bilar", SearchBarPlaceholderText: "Vad letar du efter?" }, {}, { brands });
    await user.type(screen.getByRole("searchbox", { name: "Vad letar du efter?" }), "eqs");
    await user.click(screen.getByRole("button", { name: "Sök" }));
    expect(navigate).toHaveBeenCalledWith("/bilar?car_brand=Mercedes-Benz&car_model=Mercedes-Benz%3EEQS");
  });
});
