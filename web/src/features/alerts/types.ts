/** Frequency is how often a saved search's digest may be mailed. */
export type Frequency = "daily" | "weekly";

export const FREQUENCIES: readonly Frequency[] = ["daily", "weekly"];

/** SavedSearch is one search of the manage page (POST /api/alerts/manage). */
export interface SavedSearch {
  id: string;
  /** The canonical car-list query string. */
  query: string;
  label: string;
  frequency: Frequency;
  createdAt: string;
  /** Absent until the address confirmed the search. */
  confirmedAt?: string;
}

/** SaveFlow is the 'Bevaka sökningen' dialog's state. */
export type SaveFlow =
  | { step: "editing"; error?: string; fieldErrors?: Partial<Record<"email" | "frequency", string>> }
  | { step: "sending" }
  | { step: "sent"; email: string };

/** Notice is what the saved-searches page just did for the visitor. */
export type Notice = "confirmed" | "unsubscribed" | "deleted" | "saved";

/** ManageState is the saved-searches page's state. */
export type ManageState =
  | { kind: "loading" }
  | { kind: "noToken"; notice?: Notice }
  | { kind: "failed"; reason: "invalid" | "expired" | "error" }
  | { kind: "ready"; token: string; email: string; searches: SavedSearch[]; notice?: Notice };
