import { describe, expect, it, vi, afterEach } from "vitest";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { f, renderBlock } from "../test-utils";
import { Blurb, Blurb2 } from "./blurb/blurb";
import { CarModelCard } from "./car-model-card/car-model-card";
import { ImageCard } from "./image-card/image-card";
import { FaqItem } from "./faq-item/faq-item";
import { Countdown, remaining } from "./countdown/countdown";
import { RangeOfLoansDisclaimer } from "./range-of-loans-disclaimer/range-of-loans-disclaimer";
import { Banners } from "./banners/banners";
import { Carousel } from "./carousel/carousel";
import { FileList } from "./file-list/file-list";
import { MegaMenu } from "./mega-menu/mega-menu";
import { SocialSharing } from "./social-sharing/social-sharing";
import { VideoEmbed } from "./video-embed/video-embed";
import { HighlightList } from "./highlight-list/highlight-list";
import { StageRow, stageColumns } from "./stage-row/stage-row";
import { Spacer } from "./spacer/spacer";
import { CtaBanner } from "./cta-banner/cta-banner";
import { LegalText } from "./legal-text/legal-text";
import { DisclaimerModal } from "./disclaimer-modal/disclaimer-modal";
import { CardGrid } from "./card-grid/card-grid";
import { CONSENT_EVENT, OPEN_SETTINGS_EVENT, saveConsent } from "../components/consent/consent-choice";
import * as embed from "../components/consent/youtube-embed";

const image = { src: "/-/media/demo/scene/road.jpg", alt: "En väg", width: 1920, height: 1080 };
const link = (href: string, text: string) => ({ href, text });

afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.consentMarketing;
  vi.useRealTimers();
  localStorage.clear();
  document.cookie.split("; ").forEach((c) => (document.cookie = `${c.split("=")[0]}=; max-age=0; path=/`));
});

describe("Blurb", () => {
  const base = { Title: "Service", TitleTag: "h3", RichText: "<p>Fast pris</p>", Link: link("/service", "Boka"), ImageDesktop: image };
  it("renders title with its tag, text, link and image", () => {
    const { container } = renderBlock(Blurb, { fields: f(base) });
    expect(screen.getByRole("heading", { level: 3, name: "Service" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Boka" })).toHaveAttribute("href", "/service");
    expect(screen.getByRole("img", { name: "En väg" })).toBeInTheDocument();
    expect(container.querySelector(".fc-blurb--v1")).not.toBeNull();
  });
  it("Blurb2, Reverse and background colours", () => {
    const { container } = renderBlock(Blurb2, { fields: f({ ...base, Reverse: true, BackgroundColor: "BackgroundColor2" }) });
    const s = container.querySelector("section")!;
    expect(s.className).toContain("fc-blurb--v2");
    expect(s.className).toContain("fc-blurb--reverse");
    expect(s.className).toContain("fc-bg--2");
  });
  it("None has no background class; the Variant param picks variant 2", () => {
    const { container } = renderBlock(Blurb, { fields: f({ ...base, BackgroundColor: "None" }), params: { Variant: "2" } });
    expect(container.querySelector("section")!.className).not.toContain("fc-bg");
    expect(container.querySelector(".fc-blurb--v2")).not.toBeNull();
  });
  it("embeds YouTube from youtube-nocookie with mute and controls per HasControlBar once marketing is allowed", () => {
    saveConsent({ analytics: false, marketing: true });
    renderBlock(Blurb, { fields: f({ ...base, YoutubeID: "abc123XYZ", HasControlBar: false }) });
    const src = screen.getByTitle("Service").getAttribute("src")!;
    expect(src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/abc123XYZ\?/);
    expect(src).toContain("mute=1");
    expect(src).toContain("controls=0");
  });
  it("loads nothing from YouTube before consent: the local image is the poster, with play and a note", () => {
    const { container } = renderBlock(Blurb, { fields: f({ ...base, YoutubeID: "abc123XYZ" }) });
    expect(container.querySelector("iframe")).toBeNull();
    expect(container.innerHTML).not.toMatch(/youtube-nocookie|youtube\.com|ytimg/);
    expect(screen.getByRole("img", { name: "En väg" }).getAttribute("src")).toMatch(/^\/_img\?src=%2F-%2Fmedia%2Fdemo/);
    expect(screen.getByRole("button", { name: "Spela upp video: Service" })).toHaveAccessibleDescription(/hämtar videon från YouTube och frågar om ditt samtycke/);
  });
  it("plays a video with play and mute toggles", () => {
    renderBlock(Blurb, { fields: f({ ...base, VideoDesktop: { src: "/v.mp4" } }) });
    const play = screen.getByRole("button", { name: "Pausa" });
    fireEvent.click(play);
    expect(screen.getByRole("button", { name: "Spela upp" })).toHaveAttribute("aria-pressed", "false");
    const mute = screen.getByRole("button", { name: "Slå på ljud" });
    fireEvent.click(mute);
    expect(screen.getByRole("button", { name: "Stäng av ljud" })).toHaveAttribute("aria-pressed", "true");
  });
});

describe("CarModelCard", () => {
  it("shows the campaign badge only with IsCampaign, and up to four label pairs", () => {
    const fields = f({ Title: "Elektrisk SUV", Image: image, IsCampaign: true, Campaign: "Kampanj", Label1: "Räckvidd", LabelValue1: "520 km", Label2: "Pris", LabelValue2: "459 900 kr", Label3: "Tom", LabelValue3: "", Label4: "Laddtid", LabelValue4: "28 min", Link: link("/bilar", "Se bilar") });
    renderBlock(CarModelCard, { fields });
    expect(screen.getByText("Kampanj")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Elektrisk SUV" })).toHaveAttribute("href", "/bilar");
    const terms = screen.getAllByRole("term").map((t) => t.textContent);
    expect(terms).toEqual(["Räckvidd", "Pris", "Laddtid"]);
  });
  it("has no badge without IsCampaign and no link without Link", () => {
    renderBlock(CarModelCard, { fields: f({ Title: "Kombi", Campaign: "Kampanj" }) });
    expect(screen.queryByText("Kampanj")).toBeNull();
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByRole("heading", { name: "Kombi" })).toBeInTheDocument();
  });
});

describe("ImageCard and CardGrid", () => {
  it("renders cards in a list", () => {
    renderBlock(CardGrid, {
      fields: f({ Title: "Verkstäder" }),
      params: { Columns: "4" },
      placeholders: { cards: [{ uid: "c1", componentName: "ImageCard", params: {}, fields: f({ Title: "Lastbilar", Image: image, Link: link("/l", "Lastbilar") }) }] },
    });
    expect(screen.getByRole("list")).toHaveClass("fc-card-grid__list--4");
    expect(within(screen.getByRole("listitem")).getByRole("link", { name: "Lastbilar" })).toBeInTheDocument();
  });
  it("ImageCard alone", () => {
    renderBlock(ImageCard, { fields: f({ Title: "Personbilar", Image: image }) });
    expect(screen.getByRole("heading", { name: "Personbilar" })).toBeInTheDocument();
  });
});

describe("FaqItem", () => {
  it("toggles with aria-expanded and +/-", async () => {
    renderBlock(FaqItem, { fields: f({ Title: "Hur bokar jag?", Text: "<p>På webben.</p>" }) });
    const btn = screen.getByRole("button", { name: /Hur bokar jag\?/ });
    expect(btn).toHaveAttribute("aria-expanded", "false");
    expect(btn).toHaveTextContent("+");
    expect(screen.queryByRole("region")).toBeNull();
    await userEvent.click(btn);
    expect(btn).toHaveAttribute("aria-expanded", "true");
    expect(btn).toHaveTextContent("−");
    expect(screen.getByRole("region", { name: /Hur bokar jag/ })).toHaveTextContent("På webben.");
  });
});

describe("Countdown", () => {
  it("splits time and never goes below zero", () => {
    expect(remaining(Date.UTC(2026, 0, 2, 1, 1, 1), Date.UTC(2026, 0, 1))).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(remaining(0, 1000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
  it("ticks every second, stops at zero, and honours hide flags", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-12-31T23:59:58Z"));
    renderBlock(Countdown, { fields: f({ Title: "Slutar om", CountdownTarget: "2027-01-01T00:00:00Z", HideDays: true, EndedText: "Slut!" }) });
    const timer = screen.getByRole("timer");
    expect(timer).toHaveAccessibleName("0 timmar, 0 minuter, 2 sekunder");
    expect(screen.queryByText("dagar")).toBeNull();
    act(() => void vi.advanceTimersByTime(1000));
    expect(timer).toHaveAccessibleName("0 timmar, 0 minuter, 1 sekunder");
    act(() => void vi.advanceTimersByTime(5000));
    expect(timer).toHaveAccessibleName("0 timmar, 0 minuter, 0 sekunder");
    expect(screen.getByText("Slut!")).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
  });
  it("hides labels", () => {
    renderBlock(Countdown, { fields: f({ CountdownTarget: "2099-01-01T00:00:00Z", HideLabels: true }) });
    expect(screen.queryByText("sekunder")).toBeNull();
  });
});

describe("RangeOfLoansDisclaimer", () => {
  it("warns and links to Konsumentverket", () => {
    renderBlock(RangeOfLoansDisclaimer);
    expect(screen.getByRole("complementary", { name: "Att låna kostar pengar!" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /konsumentverket\.se/ }).getAttribute("href")).toMatch(/^https:\/\/www\.konsumentverket\.se\//);
  });
});

describe("Banners", () => {
  it("renders each banner with its link", () => {
    renderBlock(Banners, { fields: f({ Banners: [{ Title: "Försäkring", Link: link("/f", "Läs mer om försäkring") }, { Title: "Rekond" }] }) });
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "Läs mer om försäkring" })).toBeInTheDocument();
  });
});

describe("Carousel", () => {
  const slides = [{ Title: "Ett" }, { Title: "Två" }, { Title: "Tre" }];
  const current = () => screen.getAllByRole("button", { name: /Visa bild/ }).findIndex((b) => b.getAttribute("aria-current") === "true");
  it("autoplays every 5 s by default and pauses on hover and focus", () => {
    vi.useFakeTimers();
    const { container } = renderBlock(Carousel, { fields: f({ Slides: slides }) });
    expect(current()).toBe(0);
    act(() => void vi.advanceTimersByTime(5000));
    expect(current()).toBe(1);
    const root = container.querySelector("section")!;
    fireEvent.mouseEnter(root);
    act(() => void vi.advanceTimersByTime(10000));
    expect(current()).toBe(1);
    fireEvent.mouseLeave(root);
    act(() => void vi.advanceTimersByTime(5000));
    expect(current()).toBe(2);
    act(() => screen.getByRole("button", { name: "Nästa bild" }).focus());
    act(() => void vi.advanceTimersByTime(10000));
    expect(current()).toBe(2);
  });
  it("moves with prev/next, dots and arrow keys", async () => {
    renderBlock(Carousel, { fields: f({ Slides: slides }), params: { AutoplaySeconds: "0" } });
    await userEvent.click(screen.getByRole("button", { name: "Föregående bild" }));
    expect(current()).toBe(2);
    await userEvent.click(screen.getByRole("button", { name: "Visa bild 2" }));
    expect(current()).toBe(1);
    fireEvent.keyDown(screen.getByRole("button", { name: "Visa bild 2" }), { key: "ArrowRight" });
    expect(current()).toBe(2);
    expect(screen.getAllByRole("group", { hidden: false }).filter((g) => g.getAttribute("aria-hidden") !== "true")).toHaveLength(1);
  });
});

describe("FileList", () => {
  const files = Array.from({ length: 5 }, (_, i) => ({ Title: `Fil ${i + 1}`, File: link(`/f${i}.pdf`, "PDF"), FileType: "PDF", FileSize: "1 kB" }));
  it("shows 3 by default, then all with 'show more'", async () => {
    renderBlock(FileList, { fields: f({ Title: "Dokument", FileList: files }) });
    expect(screen.getAllByRole("link")).toHaveLength(3);
    const btn = screen.getByRole("button", { name: "Visa fler (2)" });
    expect(btn).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(btn);
    expect(screen.getAllByRole("link")).toHaveLength(5);
    await userEvent.click(screen.getByRole("button", { name: "Visa mindre" }));
    expect(screen.getAllByRole("link")).toHaveLength(3);
  });
  it("honours ItemsVisibleWhenCollapsed and the 8 px gap", () => {
    renderBlock(FileList, { fields: f({ FileList: files, ItemsVisibleWhenCollapsed: 4 }) });
    expect(screen.getAllByRole("link")).toHaveLength(4);
    expect(screen.getByRole("list")).toHaveStyle({ gap: "8px", transitionDuration: "300ms" });
  });
});

describe("MegaMenu", () => {
  it("opens panels, hides hidden items, closes on Escape", async () => {
    renderBlock(MegaMenu, {
      fields: f({
        Title: "Tjänster",
        Items: [
          { Title: "Service", Url: "/service", TopSelected: true, ImageUrl: "/-/media/demo/scene/workshop.jpg", Children: [{ Title: "Boka", Url: "/boka" }, { Title: "Dold", Url: "/dold", HideInNavigation: "1" }] },
          { Title: "Nyheter", Url: "/nyheter" },
          { Title: "Gömd", Url: "/x", HideInNavigation: "1" },
        ],
      }),
    });
    const nav = screen.getByRole("navigation", { name: "Tjänster" });
    expect(within(nav).queryByText("Gömd")).toBeNull();
    const btn = within(nav).getByRole("button", { name: "Service" });
    await userEvent.click(btn);
    expect(btn).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "Boka" })).toHaveAttribute("href", "/boka");
    expect(screen.queryByRole("link", { name: "Dold" })).toBeNull();
    await userEvent.keyboard("{Escape}");
    expect(btn).toHaveAttribute("aria-expanded", "false");
    expect(btn).toHaveFocus();
  });
});

describe("SocialSharing", () => {
  it("links to each network with the page's absolute address", () => {
    renderBlock(SocialSharing, { data: { url: "https://forecourt.se/nyheter/a", title: "Rubrik" } });
    expect(screen.getByRole("link", { name: "Dela på Facebook" })).toHaveAttribute("href", "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fforecourt.se%2Fnyheter%2Fa");
    expect(screen.getByRole("link", { name: "Dela på LinkedIn" }).getAttribute("href")).toContain("linkedin.com");
    expect(screen.getByRole("link", { name: "Dela på X" }).getAttribute("href")).toContain("text=Rubrik");
    expect(screen.getByRole("link", { name: "Dela på e-post" })).toHaveAttribute("href", "mailto:?subject=Rubrik&body=https%3A%2F%2Fforecourt.se%2Fnyheter%2Fa");
  });
  it("renders nothing without the loader's address", () => {
    const { container } = renderBlock(SocialSharing);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("VideoEmbed", () => {
  it("loads the nocookie player when play is pressed with marketing consent", async () => {
    saveConsent({ analytics: false, marketing: true });
    renderBlock(VideoEmbed, { fields: f({ Title: "Film", YoutubeVideoId: "aqz-KE-bpKQ" }) });
    await userEvent.click(screen.getByRole("button", { name: "Spela upp video: Film" }));
    expect(screen.getByTitle("Film").getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ\?autoplay=1/);
  });
  it("the embed listens for the consent layer's own event names", () => {
    expect([embed.CONSENT_EVENT, embed.OPEN_SETTINGS_EVENT]).toEqual([CONSENT_EVENT, OPEN_SETTINGS_EVENT]);
  });
  it("without consent, play asks for it and loads the player only when marketing is allowed", async () => {
    const asked = vi.fn();
    window.addEventListener(OPEN_SETTINGS_EVENT, asked);
    const { container } = renderBlock(VideoEmbed, { fields: f({ Title: "Film", YoutubeVideoId: "aqz-KE-bpKQ", Image: image }) });
    expect(container.innerHTML).not.toMatch(/ytimg|youtube-nocookie/);
    await userEvent.click(screen.getByRole("button", { name: "Spela upp video: Film" }));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(container.querySelector("iframe")).toBeNull();
    act(() => saveConsent({ analytics: false, marketing: false }));
    expect(screen.getByRole("status")).toHaveTextContent("Utan samtycke till marknadsföringscookies kan videon inte visas.");
    expect(container.querySelector("iframe")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Spela upp video: Film" }));
    act(() => saveConsent({ analytics: false, marketing: true }));
    expect(screen.getByTitle("Film").getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ\?/);
    window.removeEventListener(OPEN_SETTINGS_EVENT, asked);
  });
});

describe("HighlightList, StageRow, Spacer", () => {
  it("highlight list in 3 or 4 columns", () => {
    const items = [{ Title: "A" }, { Title: "B" }];
    const { rerender } = renderBlock(HighlightList, { fields: f({ Items: items }) });
    expect(screen.getByRole("list")).toHaveClass("fc-highlights__list--3");
    rerender(<></>);
    renderBlock(HighlightList, { fields: f({ Items: items, Columns: "4" }) });
    expect(screen.getByRole("list")).toHaveClass("fc-highlights__list--4");
  });
  it("stage row columns by width", () => {
    expect([stageColumns(500, false), stageColumns(900, true), stageColumns(1100, true), stageColumns(1300, true), stageColumns(1300, false)]).toEqual([1, 2, 3, 4, 3]);
    renderBlock(StageRow, { fields: f({ Items: [{ Title: "Boka" }, { Title: "Lämna" }, { Title: "Hämta" }] }) });
    expect(screen.getAllByRole("heading")).toHaveLength(3);
  });
  it("spacer sizes", () => {
    const { container } = renderBlock(Spacer, { params: { Size: "Large" } });
    expect(container.querySelector(".fc-spacer--large")).not.toBeNull();
  });
});

describe("CtaBanner", () => {
  it("Big and normal variants", () => {
    const fields = f({ Title: "Dags för service?", Link: link("/boka", "Boka"), Image: image });
    const { container } = renderBlock(CtaBanner, { fields, params: { Variant: "Big" } });
    expect(container.querySelector(".fc-cta--big")).not.toBeNull();
    expect(screen.getByRole("img", { name: "En väg" })).toBeInTheDocument();
  });
  it("normal variant has no image and a background", () => {
    const { container } = renderBlock(CtaBanner, { fields: f({ Title: "Hej", Image: image, Link: link("/b", "Boka") }) });
    expect(container.querySelector(".fc-cta--normal.fc-bg--1")).not.toBeNull();
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByRole("link", { name: "Boka" })).toBeInTheDocument();
  });
});

describe("LegalText", () => {
  it("expands and collapses", async () => {
    renderBlock(LegalText, { fields: f({ Title: "Villkor", Text: "<p>Lång text</p>" }) });
    const btn = screen.getByRole("button", { name: "Läs mer" });
    expect(btn).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(btn);
    expect(screen.getByRole("button", { name: "Visa mindre" })).toHaveAttribute("aria-expanded", "true");
  });
});

describe("DisclaimerModal", () => {
  const fields = f({ Title: "Endast företag", Text: "<p>Priser exkl. moms.</p>", ApproveText: "Jag godkänner", DeclineText: "Nej tack", DeclineLink: link("/kampanjer", "Kampanjer"), StorageKey: "biz" });
  it("is shown until approved and remembers the approval", async () => {
    const { unmount } = renderBlock(DisclaimerModal, { fields });
    const dialog = screen.getByRole("dialog", { name: "Endast företag" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(screen.getByRole("heading", { name: "Endast företag" })).toHaveFocus();
    expect(within(dialog).getByRole("link", { name: "Nej tack" })).toHaveAttribute("href", "/kampanjer");
    await userEvent.click(within(dialog).getByRole("button", { name: "Jag godkänner" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(localStorage.getItem("fc-disclaimer-biz")).toBe("approved");
    unmount();
    renderBlock(DisclaimerModal, { fields });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
  it("traps Tab inside the dialog", async () => {
    renderBlock(DisclaimerModal, { fields });
    const dialog = screen.getByRole("dialog");
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});
