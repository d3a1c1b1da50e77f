import type { CarCardData } from "../../components/car-card/car-card";

/** SiteEntry is one dealer site of the listing loaders (internal/catalogpages, listings.go). */
export interface SiteEntry {
  siteId: string;
  slug: string;
  name: string;
  street?: string;
  zip?: string;
  city?: string;
  phone?: string;
  image?: string;
  blur?: string;
  /** {pathToSiteDetail}{slug} */
  href: string;
}

export interface SiteSelectionData {
  sites: SiteEntry[];
  error?: boolean;
}

export interface SiteBlockData {
  site: SiteEntry | null;
  cars: CarCardData[];
  carDetailPath: string;
  carsHref?: string;
  total: number;
}

export interface CarTeasersData {
  cars: CarCardData[];
  carDetailPath: string;
  moreHref?: string;
  total: number;
  error?: boolean;
}
