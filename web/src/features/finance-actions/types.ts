/** The FinanceAction loader's data (internal/cardetail/finance_actions.go). */
export type Action = "apply" | "reserve" | "part-exchange";

export interface QuoteRow {
  Key: string;
  Label: string;
  DisplayValue: string;
}

export interface FinanceActionData {
  action: Action;
  title: string;
  found: boolean;
  message?: string;
  formName?: string;
  quoteRef?: string;
  product?: string;
  rows?: QuoteRow[];
  legalText?: string;
  car?: { id: string; title: string; url: string; price?: string };
  recipient?: { toName: string; toEmail: string };
  /** The site's date, YYYY-MM-DD. */
  today?: string;
}
