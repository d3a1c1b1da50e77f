import { getCookie, setCookie } from "../../lib/cookies";

/** ConsentChoice is what the visitor allowed beyond the necessary cookies. */
export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

export const CONSENT_COOKIE = "consent";
/** CONSENT_SECONDS is how long the choice is kept (one year). */
export const CONSENT_SECONDS = 365 * 24 * 60 * 60;
/** OPEN_SETTINGS_EVENT opens the consent settings (the footer's cookie-settings link dispatches it). */
export const OPEN_SETTINGS_EVENT = "forecourt:consent-settings";
/** CONSENT_EVENT is dispatched on window with the ConsentChoice as detail whenever it is saved. */
export const CONSENT_EVENT = "forecourt:consent";

/**
 * publishConsent puts the marketing choice on <html> as
 * data-consent-marketing="true|false" (block chunks read it there; see
 * youtube-embed.tsx for why they do not import this module).
 */
export function publishConsent(choice: ConsentChoice | null): void {
  document.documentElement.dataset.consentMarketing = String(choice?.marketing === true);
}

/** readConsent returns the stored choice, or null when the visitor has not chosen (or the cookie is unreadable). */
export function readConsent(): ConsentChoice | null {
  const raw = getCookie(CONSENT_COOKIE);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<ConsentChoice>;
    if (typeof v !== "object" || v === null) return null;
    return { analytics: v.analytics === true, marketing: v.marketing === true };
  } catch {
    return null;
  }
}

/** saveConsent stores the choice for a year and tells the rest of the page. */
export function saveConsent(choice: ConsentChoice): void {
  setCookie(CONSENT_COOKIE, JSON.stringify(choice), CONSENT_SECONDS);
  publishConsent(choice);
  window.dispatchEvent(new CustomEvent<ConsentChoice>(CONSENT_EVENT, { detail: choice }));
}
