import { z } from "zod";
import { email, longText, milage, name, phone, regno } from "./rules";

/** SELL_OPTIONS are the sell or trade-in choice; the first is the default. */
export const SELL_OPTIONS = ["sell", "tradeIn"] as const;
export type SellOption = (typeof SELL_OPTIONS)[number];

/** sellCarSchema is the sell / trade-in form (spec §3, §5; docs/forms.md §1b) on a site of country. */
export const sellCarSchema = (country: string) =>
  z.object({
    regno,
    milage,
    customerName: name,
    customerPhone: phone(country),
    customerEmail: email,
    option: z.enum(SELL_OPTIONS),
    other: longText,
  });
export type SellCarInput = z.input<ReturnType<typeof sellCarSchema>>;
export const SELL_FIELDS = ["regno", "milage", "customerName", "customerPhone", "customerEmail", "option", "other"] as const;
