// The component factory: CMS component name → React block. Blocks and
// features register here; nothing else knows the mapping.
import type { ComponentType } from "react";
import type { BlockProps } from "./block-props";
import { HeroBanner } from "../blocks/hero-banner/hero-banner";
import { AlertBar } from "../blocks/alert-bar/alert-bar";
import { Footer } from "../blocks/footer/footer";
import { FooterLinkList } from "../blocks/footer/footer-link-list";
import { RichTextBlock } from "../blocks/rich-text/rich-text";
import { MainNavigation } from "../features/navigation/components/main-navigation";
import { CarDetail } from "../features/car-detail/components/car-detail-page";
import { SimilarCars } from "../features/car-detail/components/similar-cars";
import { CarOfTheWeek } from "../features/car-of-the-week/components/car-of-the-week";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const components: Record<string, ComponentType<BlockProps<any>>> = {
  HeroBanner,
  AlertBar,
  Footer,
  FooterLinkList,
  RichText: RichTextBlock,
  MainNavigation,
  CarDetail,
  SimilarCars,
  CarOfTheWeek,
};
