// The staff app's pages: path, who may open them, the label in the
// navigation (Swedish and English) and the page itself (a chunk of its
// own). The shell builds the navigation and the home page's links from
// this table and refuses a page to a role it does not list.
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { Role } from "./shell/use-me";

export type StaffRoute = {
  path: string;
  roles: Role[];
  label: { sv: string; en: string };
  /** What the page is for, on the home page's link. */
  hint?: { sv: string; en: string };
  /** Left out of the navigation (print views and the like). */
  hidden?: boolean;
  page: LazyExoticComponent<ComponentType>;
};

export const routes: StaffRoute[] = [
  {
    path: "/staff/workshop",
    roles: ["workshop", "admin"],
    label: { sv: "Verkstad", en: "Workshop" },
    hint: { sv: "Dagens och veckans bokningar, live: flytta, avboka, markera ankomst.", en: "The day's and week's bookings, live: move, cancel, mark arrivals." },
    page: lazy(() => import("./workshop/components/workshop-page")),
  },
  {
    path: "/staff/workshop/hours",
    roles: ["workshop", "admin"],
    label: { sv: "Öppettider", en: "Opening hours" },
    hint: { sv: "Öppettider och platser per veckodag, stängda dagar och spärrade tider.", en: "Hours and places per weekday, closed days and blocked hours." },
    page: lazy(() => import("./workshop/components/hours-page")),
  },
  {
    path: "/staff/workshop/print",
    roles: ["workshop", "admin"],
    label: { sv: "Dagslista", en: "Day list" },
    hidden: true,
    page: lazy(() => import("./workshop/components/print-page")),
  },
  {
    path: "/staff/tirehotel",
    roles: ["workshop", "admin"],
    label: { sv: "Däckhotell", en: "Tyre hotel" },
    hint: { sv: "Sök avtal på registreringsnummer och registrera mönsterdjup.", en: "Look up agreements by plate and record tread depths." },
    page: lazy(() => import("./tirehotel/components/tirehotel-page")),
  },
  {
    path: "/staff/testdrives",
    roles: ["sales", "admin"],
    label: { sv: "Provkörningar", en: "Test drives" },
    hint: { sv: "Bokade provkörningar per anläggning, live: flytta, avboka, markera ankomst.", en: "Booked test drives per dealer, live: move, cancel, mark arrivals." },
    page: lazy(() => import("./workshop/components/testdrives-page")),
  },
  {
    path: "/staff/testdrives/print",
    roles: ["sales", "admin"],
    label: { sv: "Dagslista", en: "Day list" },
    hidden: true,
    page: lazy(() => import("./workshop/components/testdrives-print-page")),
  },
  {
    path: "/staff/leads",
    roles: ["sales", "admin"],
    label: { sv: "Leads", en: "Leads" },
    hint: { sv: "Förfrågningar från webbplatsens formulär: kontakta, följ upp, avsluta.", en: "Enquiries from the site's forms: contact, follow up, close." },
    page: lazy(() => import("./leads/leads-page")),
  },
  {
    path: "/staff/admin/accounts",
    roles: ["admin"],
    label: { sv: "Konton", en: "Accounts" },
    hint: { sv: "Lägg till, stäng av och återställ personalkonton.", en: "Add, disable and reset staff accounts." },
    page: lazy(() => import("./admin/accounts-page")),
  },
  {
    path: "/staff/admin/audit",
    roles: ["admin"],
    label: { sv: "Logg", en: "Audit log" },
    hint: { sv: "Vem gjorde vad och när.", en: "Who did what, and when." },
    page: lazy(() => import("./admin/audit-page")),
  },
];

/** The route of a path (without trailing slash differences), if any. */
export function routeOf(path: string): StaffRoute | undefined {
  const p = path.replace(/\/+$/, "");
  return routes.find((r) => r.path === p);
}
