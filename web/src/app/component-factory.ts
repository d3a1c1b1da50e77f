// The component factory: CMS component name → React block. Blocks and
// features register here; nothing else knows the mapping.
//
// Ship only what a page uses. A block that some pages render (a feature
// screen, a wizard, a map) is registered *lazily*, one line, so its code is
// a chunk of its own that only the pages showing it load:
//
//   BookingWizard: lazyBlock(() => import("../features/booking/components/booking-wizard").then((m) => m.BookingWizard)),
//
// Nothing else is needed: the render worker loads every chunk at start and
// renders synchronously (preloadAllBlocks), and the browser loads the chunks
// of the blocks in the page data before it hydrates and before client-side
// navigation shows a page (preloadBlocks), so the first render equals the
// server HTML. Blocks of the page frame (header, footer, navigation) and
// small blocks that most pages show stay eager: a plain import and a line
// in the map. CSS is not split (one stylesheet), so nothing flashes.
import { createElement, type ComponentType } from "react";
import type { Detail } from "../features/car-detail/types";
import type { QuotePanel } from "../features/car-detail/components/car-detail-page";
import type { BlockProps } from "./block-props";
import { ImageCard } from "../blocks/image-card/image-card";
import type { ComponentRendering, PageData } from "../lib/types";
import { isLazy, lazyBlock, preloadAll, preloadEditing } from "../lib/lazy-block";
import { AlertBar } from "../blocks/alert-bar/alert-bar";
import { Footer } from "../blocks/footer/footer";
import { FooterLinkList } from "../blocks/footer/footer-link-list";
import { RichTextBlock } from "../blocks/rich-text/rich-text";
import { MegaMenu } from "../blocks/mega-menu/mega-menu";
import { Spacer } from "../blocks/spacer/spacer";
import { CtaBanner } from "../blocks/cta-banner/cta-banner";
import { MainNavigation } from "../features/navigation/components/main-navigation";
import { Breadcrumb } from "../features/catalog/components/breadcrumb";

// The UK quote panel renders only on UK sites' car pages: a chunk of its
// own, given to the car page here (the page's chunk imports nothing more)
// and loaded with it where the site is a UK one (blockParts). The render
// worker loads every lazy part at start.
const UKQuotePanel = lazyBlock(() => import("../features/car-detail/components/uk-quote-panel").then((m) => m.UKQuotePanel));
const withQuotePanel = (CarDetail: ComponentType<BlockProps<Detail> & { quotePanel?: QuotePanel }>) => (props: BlockProps<Detail>) =>
  createElement(CarDetail, { ...props, quotePanel: UKQuotePanel });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const components: Record<string, ComponentType<BlockProps<any>>> = {
  HeroBanner: lazyBlock(() => import("../blocks/hero-banner/hero-banner").then((m) => m.HeroBanner)),
  AlertBar,
  Footer,
  FooterLinkList,
  RichText: RichTextBlock,
  MainNavigation,
  Blurb: lazyBlock(() => import("../blocks/blurb/blurb").then((m) => m.Blurb)),
  Blurb2: lazyBlock(() => import("../blocks/blurb/blurb").then((m) => m.Blurb2)),
  CarModelCard: lazyBlock(() => import("../blocks/car-model-card/car-model-card").then((m) => m.CarModelCard)),
  CardGrid: lazyBlock(() => import("../blocks/card-grid/card-grid").then((m) => m.CardGrid)),
  ImageCard,
  FaqItem: lazyBlock(() => import("../blocks/faq-item/faq-item").then((m) => m.FaqItem)),
  Countdown: lazyBlock(() => import("../blocks/countdown/countdown").then((m) => m.Countdown)),
  RangeOfLoansDisclaimer: lazyBlock(() => import("../blocks/range-of-loans-disclaimer/range-of-loans-disclaimer").then((m) => m.RangeOfLoansDisclaimer)),
  Banners: lazyBlock(() => import("../blocks/banners/banners").then((m) => m.Banners)),
  Carousel: lazyBlock(() => import("../blocks/carousel/carousel").then((m) => m.Carousel)),
  FileList: lazyBlock(() => import("../blocks/file-list/file-list").then((m) => m.FileList)),
  MegaMenu,
  SocialSharing: lazyBlock(() => import("../blocks/social-sharing/social-sharing").then((m) => m.SocialSharing)),
  VideoEmbed: lazyBlock(() => import("../blocks/video-embed/video-embed").then((m) => m.VideoEmbed)),
  HighlightList: lazyBlock(() => import("../blocks/highlight-list/highlight-list").then((m) => m.HighlightList)),
  StageRow: lazyBlock(() => import("../blocks/stage-row/stage-row").then((m) => m.StageRow)),
  Spacer,
  CtaBanner,
  LegalText: lazyBlock(() => import("../blocks/legal-text/legal-text").then((m) => m.LegalText)),
  // Campaign pages only: not in every page's entry.
  DisclaimerModal: lazyBlock(() => import("../blocks/disclaimer-modal/disclaimer-modal").then((m) => m.DisclaimerModal)),
  StoriesList: lazyBlock(() => import("../features/stories/components/stories-list").then((m) => m.StoriesList)),
  StoriesTeaser: lazyBlock(() => import("../features/stories/components/stories-teaser").then((m) => m.StoriesTeaser)),
  ArticleFooter: lazyBlock(() => import("../features/stories/components/article-footer").then((m) => m.ArticleFooter)),
  StoryHeader: lazyBlock(() => import("../features/stories/components/story-header").then((m) => m.StoryHeader)),
  CarDetail: lazyBlock(() => import("../features/car-detail/components/car-detail-page").then((m) => withQuotePanel(m.CarDetail))),
  SimilarCars: lazyBlock(() => import("../features/car-detail/components/similar-cars").then((m) => m.SimilarCars)),
  CarOfTheWeek: lazyBlock(() => import("../features/car-of-the-week/components/car-of-the-week").then((m) => m.CarOfTheWeek)),
  CarList: lazyBlock(() => import("../features/catalog/components/car-list").then((m) => m.CarList)),
  Favourites: lazyBlock(() => import("../features/favourites/components/favourites-page").then((m) => m.Favourites)),
  Breadcrumb,
  SiteList: lazyBlock(() => import("../features/dealer-sites/components/site-list").then((m) => m.SiteList)),
  SiteDetail: lazyBlock(() => import("../features/dealer-sites/components/site-detail").then((m) => m.SiteDetail)),
  FinanceAction: lazyBlock(() => import("../features/finance-actions/components/finance-action").then((m) => m.FinanceAction)),
  ServiceBookingIntro: lazyBlock(() => import("../features/booking/components/service-booking-intro").then((m) => m.ServiceBookingIntro)),
  ServiceBooking: lazyBlock(() => import("../features/booking/components/service-booking").then((m) => m.ServiceBooking)),
  BookingManage: lazyBlock(() => import("../features/booking/components/booking-manage").then((m) => m.BookingManage)),
  ServiceBookingCancel: lazyBlock(() => import("../features/booking/components/service-booking-cancel").then((m) => m.ServiceBookingCancel)),
  SaveSearch: lazyBlock(() => import("../features/alerts/components/save-search").then((m) => m.SaveSearch)),
  SavedSearches: lazyBlock(() => import("../features/alerts/components/saved-searches").then((m) => m.SavedSearches)),
  SellCarForm: lazyBlock(() => import("../features/forms/components/sell-car-form").then((m) => m.SellCarForm)),
  ServiceRequestForm: lazyBlock(() => import("../features/forms/components/service-request-form").then((m) => m.ServiceRequestForm)),
  FormBuilder: lazyBlock(() => import("../features/forms/components/form-builder").then((m) => m.FormBuilder)),
  MarketingForm: lazyBlock(() => import("../features/forms/components/marketing-form").then((m) => m.MarketingForm)),
  SiteSelection: lazyBlock(() => import("../features/listings/components/site-selection").then((m) => m.SiteSelection)),
  SiteBlock: lazyBlock(() => import("../features/listings/components/site-block").then((m) => m.SiteBlock)),
  CarTeasers: lazyBlock(() => import("../features/listings/components/car-teasers").then((m) => m.CarTeasers)),
  TireHotel: lazyBlock(() => import("../features/tirehotel/components/tire-hotel").then((m) => m.TireHotel)),
};

// Parts of a lazy block that only some of its pages render, in chunks of
// their own: loaded with the block when data shows them.
const blockParts: Record<string, (data: PageData) => Promise<unknown> | undefined> = {
  CarDetail: (data) => (data.site.isUK ? UKQuotePanel.preload() : undefined),
};

/** preloadBlocks loads the code of the lazy blocks that data renders. */
export function preloadBlocks(data: PageData): Promise<unknown> {
  const names = new Set<string>();
  const walk = (list: ComponentRendering[] | undefined) => {
    for (const r of list ?? []) {
      names.add(r.componentName);
      for (const inner of Object.values(r.placeholders ?? {})) walk(inner);
    }
  };
  for (const list of Object.values(data.sitecore.route?.placeholders ?? {})) walk(list);
  const loads: Promise<unknown>[] = [];
  for (const n of names) {
    const c = components[n];
    if (isLazy(c) && !c.loaded()) loads.push(c.preload());
    const part = blockParts[n]?.(data);
    if (part) loads.push(part);
  }
  if (data.sitecore.context.pageEditing) loads.push(preloadEditing());
  return Promise.all(loads);
}

/** preloadAllBlocks loads every lazy block and editor part (the server renders any page). */
export function preloadAllBlocks(): Promise<unknown> {
  return preloadAll();
}
