// The UK finance quote calls (served by internal/finance through Go).
import { json } from "../../../lib/api-client";

export interface Parameter {
  Locale: { DisplayValue: string };
  Default: number;
  Values?: number[];
  Minimum?: number;
  Maximum?: number;
}
export interface Product {
  Name: string;
  FamilyKey: string;
  Term: Parameter;
  Deposit: Parameter;
  Payment: Parameter;
  AnnualMileage?: Parameter;
}
export interface Vehicle {
  Make: string;
  Model: string;
  RegistrationNumber: string;
  CashPrice: number;
  RegistrationDate: string;
  CurrentMileage: number;
}
export interface Block {
  Key: string;
  Label: string;
  Details: { Key: string; Label: string; DisplayValue: string }[];
}
export interface Quotation {
  FamilyKey: string;
  HasError: boolean;
  Error?: { UserMessage: string };
  Blocks?: Block[];
  Finance?: {
    Notifications: { Type: string; Message: string }[];
    Quote: { Term: number; TotalDeposit: number; TotalRegularPayment: number; AnnualMileage?: number; QuoteReference: string; QuoteActions: { Apply: string } };
  };
}
export interface VehicleQuotes {
  HasError: boolean;
  Error?: { UserMessage: string };
  FinanceQuotations: Quotation[];
}
export type CalculationType = "ToRegularPayment" | "ToCashDeposit";
export interface QuoteParams {
  Term: number;
  CashDeposit: number;
  RegularPayment: number;
  AnnualMileage: number;
  FinanceProductFamilyKeys: string[];
  CalculationType: CalculationType;
}

const ORG = { Id: "forecourt-uk", Name: "Forecourt UK" };

const post = <T>(url: string, body: unknown, signal?: AbortSignal) => json<T>(url, { body, signal });

export function fetchProducts(v: Vehicle, signal?: AbortSignal) {
  return post<{ Products: Product[] }>("/api/codeweaver/default", { Vehicle: v, Organisation: ORG }, signal);
}

export async function fetchQuote(v: Vehicle, p: QuoteParams, signal?: AbortSignal): Promise<VehicleQuotes> {
  const res = await post<{ Vehicles: VehicleQuotes[] }>("/api/codeweaver/cfd", { Organisation: ORG, VehicleRequests: [{ Id: v.RegistrationNumber || "1", Vehicle: v, Parameters: p }] }, signal);
  return res.Vehicles[0];
}

/**
 * The finance action pages (Go's FinanceAction loader) carry the quote
 * reference and the car: the reference does not name the car, and the
 * page sends its form to that car's dealer. apply adds the car to the
 * quote's QuoteActions.Apply path.
 */
const withCar = (path: string, carId: string | number) => `${path}&car=${encodeURIComponent(String(carId))}`;
export const reserveURL = (ref: string, carId: string | number) => withCar(`/finance/reserve?quoteRef=${encodeURIComponent(ref)}`, carId);
export const partExchangeURL = (ref: string, carId: string | number) => withCar(`/finance/part-exchange?quoteRef=${encodeURIComponent(ref)}`, carId);
export const applyURL = (apply: string, carId: string | number) => withCar(apply, carId);
