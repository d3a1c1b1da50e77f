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
import { CarList } from "../features/catalog/components/car-list";
import { Breadcrumb } from "../features/catalog/components/breadcrumb";
import { SiteList } from "../features/dealer-sites/components/site-list";
import { SiteDetail } from "../features/dealer-sites/components/site-detail";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const components: Record<string, ComponentType<BlockProps<any>>> = {
  HeroBanner,
  AlertBar,
  Footer,
  FooterLinkList,
  RichText: RichTextBlock,
  MainNavigation,
  CarList,
  Breadcrumb,
  SiteList,
  SiteDetail,
};
