import type { FacetRequest, FacetResult } from "../../lib/search";

export interface SiteImage {
  thumbnail_url?: string;
  blur_data_url?: string;
  original?: string;
}
export interface SiteCardData {
  site_id: number;
  slug: string;
  site_official_name: string;
  site_street?: string;
  site_city?: string;
  site_primary_image?: SiteImage;
  site_brands?: string[];
}
export interface SiteListData {
  index: string;
  detailPath: string;
  filters: Record<string, string[]>;
  keyphrase: string;
  page: number;
  facets: FacetResult[];
  facetRequests: FacetRequest[];
  fields: string[];
  sites: SiteCardData[];
  total: number;
  pageSize: number;
  error: boolean;
}
export interface OpeningDay {
  day: string;
  displayText: string;
}
export interface Department {
  name: string;
  official_name?: string;
  group?: string;
  phone?: string;
  email?: string;
  openingschedule?: { openinghours?: OpeningDay[]; deviationdays?: OpeningDay[] };
  brands?: { name: string; brand_code: string }[];
  users?: { first_name: string; last_name: string; title?: string; phone?: string; email?: string }[];
}
export interface DealerSite extends SiteCardData {
  site_zip?: string;
  site_phone?: string;
  site_email?: string;
  site_geocoord?: { latitude?: string; longitude?: string };
  site_departments?: Department[];
}
