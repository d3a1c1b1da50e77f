// The component factory: CMS component name → React block. Blocks and
// features register here; nothing else knows the mapping.
import type { ComponentType } from "react";
import type { BlockProps } from "./block-props";
import { HeroBanner } from "../blocks/hero-banner/hero-banner";
import { AlertBar } from "../blocks/alert-bar/alert-bar";
import { Footer } from "../blocks/footer/footer";
import { FooterLinkList } from "../blocks/footer/footer-link-list";
import { RichTextBlock } from "../blocks/rich-text/rich-text";
import { Blurb, Blurb2 } from "../blocks/blurb/blurb";
import { CarModelCard } from "../blocks/car-model-card/car-model-card";
import { CardGrid } from "../blocks/card-grid/card-grid";
import { ImageCard } from "../blocks/image-card/image-card";
import { FaqItem } from "../blocks/faq-item/faq-item";
import { Countdown } from "../blocks/countdown/countdown";
import { RangeOfLoansDisclaimer } from "../blocks/range-of-loans-disclaimer/range-of-loans-disclaimer";
import { Banners } from "../blocks/banners/banners";
import { Carousel } from "../blocks/carousel/carousel";
import { FileList } from "../blocks/file-list/file-list";
import { MegaMenu } from "../blocks/mega-menu/mega-menu";
import { SocialSharing } from "../blocks/social-sharing/social-sharing";
import { VideoEmbed } from "../blocks/video-embed/video-embed";
import { HighlightList } from "../blocks/highlight-list/highlight-list";
import { StageRow } from "../blocks/stage-row/stage-row";
import { Spacer } from "../blocks/spacer/spacer";
import { CtaBanner } from "../blocks/cta-banner/cta-banner";
import { LegalText } from "../blocks/legal-text/legal-text";
import { DisclaimerModal } from "../blocks/disclaimer-modal/disclaimer-modal";
import { StoriesList } from "../features/stories/components/stories-list";
import { StoriesTeaser } from "../features/stories/components/stories-teaser";
import { ArticleFooter } from "../features/stories/components/article-footer";
import { StoryHeader } from "../features/stories/components/story-header";
import { MainNavigation } from "../features/navigation/components/main-navigation";
import { CarDetail } from "../features/car-detail/components/car-detail-page";
import { SimilarCars } from "../features/car-detail/components/similar-cars";
import { CarOfTheWeek } from "../features/car-of-the-week/components/car-of-the-week";
import { CarList } from "../features/catalog/components/car-list";
import { Breadcrumb } from "../features/catalog/components/breadcrumb";
import { SiteList } from "../features/dealer-sites/components/site-list";
import { SiteDetail } from "../features/dealer-sites/components/site-detail";
import { FinanceAction } from "../features/finance-actions/components/finance-action";
import { ServiceBookingIntro } from "../features/booking/components/service-booking-intro";
import { ServiceBooking } from "../features/booking/components/service-booking";
import { ServiceBookingCancel } from "../features/booking/components/service-booking-cancel";
import { SellCarForm } from "../features/forms/components/sell-car-form";
import { ServiceRequestForm } from "../features/forms/components/service-request-form";
import { FormBuilder } from "../features/forms/components/form-builder";
import { MarketingForm } from "../features/forms/components/marketing-form";
import { SiteSelection } from "../features/listings/components/site-selection";
import { SiteBlock } from "../features/listings/components/site-block";
import { CarTeasers } from "../features/listings/components/car-teasers";
import { TireHotel } from "../features/tirehotel/components/tire-hotel";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const components: Record<string, ComponentType<BlockProps<any>>> = {
  HeroBanner,
  AlertBar,
  Footer,
  FooterLinkList,
  RichText: RichTextBlock,
  MainNavigation,
  Blurb,
  Blurb2,
  CarModelCard,
  CardGrid,
  ImageCard,
  FaqItem,
  Countdown,
  RangeOfLoansDisclaimer,
  Banners,
  Carousel,
  FileList,
  MegaMenu,
  SocialSharing,
  VideoEmbed,
  HighlightList,
  StageRow,
  Spacer,
  CtaBanner,
  LegalText,
  DisclaimerModal,
  StoriesList,
  StoriesTeaser,
  ArticleFooter,
  StoryHeader,
  CarDetail,
  SimilarCars,
  CarOfTheWeek,
  CarList,
  Breadcrumb,
  SiteList,
  SiteDetail,
  FinanceAction,
  ServiceBookingIntro,
  ServiceBooking,
  ServiceBookingCancel,
  SellCarForm,
  ServiceRequestForm,
  FormBuilder,
  MarketingForm,
  SiteSelection,
  SiteBlock,
  CarTeasers,
  TireHotel,
};
