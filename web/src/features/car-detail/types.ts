// Shapes of the car detail page's loader output and APIs (mirrors
// internal/cardetail). Car records carry the spec's index field names.
export interface CarImage {
  original: string;
  blur_data_url?: string;
}
export interface Seller {
  name: string;
  email: string;
  phone: string;
}
export interface Car {
  car_id: number;
  slug: string;
  car_brand: string;
  car_model: string;
  car_model_text?: string;
  car_version?: string;
  car_year?: number;
  car_condition?: string;
  car_is_used?: boolean;
  car_is_sample?: boolean;
  car_body?: string;
  car_fuel?: string;
  car_gearbox?: string;
  car_color?: string;
  car_drive?: string;
  car_seats?: number;
  car_doors?: number;
  car_regno?: string;
  car_chassino?: string;
  car_vehicle_type_code?: string;
  car_vat_eligible?: boolean;
  car_firstregistration?: string;
  car_mileage?: number;
  car_mileage_text?: string;
  car_power_text?: string;
  car_price: number;
  car_price_text?: string;
  car_price_currency?: string;
  car_retail_price?: number;
  car_retail_price_text?: string;
  car_campaign_price?: number;
  car_campaign_price_text?: string;
  car_has_campaign_price?: boolean;
  car_equipment?: string[];
  car_description?: string;
  car_images?: CarImage[];
  car_primary_image?: { thumbnail_url?: string; blur_data_url?: string };
  car_site_id?: number;
  car_site_name?: string;
  car_site_city?: string;
  car_site_region?: string;
  car_sellers?: Seller[];
  /** Asking prices over time (YYYY-MM-DD, oldest first) and a reduction within 30 days. */
  car_price_history?: { date: string; price: number }[];
  car_price_drop?: { amount: number; date: string };
  /** The fair-price label (good, fair, high) and its expected range and basis, when the model is confident. */
  car_price_rating?: string;
  car_price_estimate?: { low: number; high: number; basis: number };
  [key: string]: unknown;
}

export interface Slider {
  min: number;
  max: number;
  step: number;
  value: number;
  hidden: boolean;
}

export interface LoanAnswer {
  months: number;
  down_payment: number;
  monthly_cost: number;
  monthly_cost_text: string;
  effective_rate_text: string;
  interest_rate_text: string;
  total_payable_text: string;
  down_payment_text: string;
  disclaimer: string;
  down_payment_slider: Slider;
}

export interface LoanView {
  title: string;
  description: string;
  price: number;
  period: Slider;
  downPayment: Slider;
  quote: LoanAnswer;
}

export interface LeasingView {
  leasing_type: "Private" | "Company";
  title: string;
  monthly_cost: number;
  monthly_cost_text: string;
  description: string;
  duration: number;
  mileage: number;
  asterix: string;
  ratio: number;
  has_discount: boolean;
  undiscounted_monthly_cost_text: string;
}

export interface SellerSite {
  siteId: string;
  name: string;
  city: string;
  toName: string;
  toEmail: string;
}

export interface DealerSite {
  site_id: number;
  slug: string;
  site_official_name: string;
  site_street?: string;
  site_zip?: string;
  site_city?: string;
  site_phone?: string;
  site_email?: string;
  site_primary_image?: { thumbnail_url?: string; blur_data_url?: string; original?: string };
}

export interface Detail {
  found: boolean;
  car?: Car;
  dealer?: DealerSite;
  loan?: LoanView;
  leasing?: LeasingView[];
  sellerSites?: SellerSite[];
  recommendations?: Car[];
  keyphrase?: string;
  carListPath: string;
  siteDetailPath: string;
}

export interface ExtraMedia {
  videoUrl: string;
  images360: string[];
  internal360: string;
  hasVideo: boolean;
  hasInternal360: boolean;
  has360: boolean;
}
