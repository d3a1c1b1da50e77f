// The session-storage entry `tirehotel`: {validated, confirmation} (spec §3).
// Read and written from effects and handlers only, never during render.
import type { StoredSession, Validated } from "../types";

export const SESSION_KEY = "tirehotel";

export function isSignedIn(v: Validated | null | undefined): v is Validated {
  return !!v && v.status === 0 && Array.isArray(v.vehicles) && v.vehicles.length > 0;
}

export function readSession(): StoredSession | null {
  try {
    const raw = window.sessionStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<StoredSession>;
    return { validated: s.validated ?? null, confirmation: s.confirmation ?? null };
  } catch {
    return null;
  }
}

export function writeSession(s: StoredSession): void {
  try {
    window.sessionStorage.setItem(SESSION_KEY, JSON.stringify(s));
  } catch {
    // storage full or disabled: the server session still holds
  }
}

export function clearSession(): void {
  try {
    window.sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // nothing to clear
  }
}
