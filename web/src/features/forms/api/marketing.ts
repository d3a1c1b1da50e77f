// The marketing provider's form embed: the script defines
// window.hbspt.forms.create({region, portalId, formId, target}); the
// rendered form posts a window message when it is submitted.

import type { FormDefinition } from "./form-builder";

export interface MarketingFormData {
  scriptUrl: string;
  region: string;
  portalId: string;
  formId: string;
  /** False without a provider account: the popup could only fail to load, so it is not offered. */
  configured: boolean;
  /** The site's own form shown instead where the provider is not configured. */
  fallback?: FormDefinition;
}

interface Provider {
  forms?: { create(o: { region: string; portalId: string; formId: string; target: string }): unknown };
}

declare global {
  interface Window {
    hbspt?: Provider;
  }
}

const loads = new Map<string, Promise<void>>();

/** loadScript adds the provider's script once per address. */
export function loadScript(src: string): Promise<void> {
  let p = loads.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const s = document.createElement("script");
      s.src = src;
      s.async = true;
      s.onload = () => resolve();
      s.onerror = () => {
        loads.delete(src);
        s.remove();
        reject(new Error(`marketing form script failed: ${src}`));
      };
      document.head.appendChild(s);
    });
    loads.set(src, p);
  }
  return p;
}

/** createForm renders the form into the element with id target. */
export function createForm(d: MarketingFormData, target: string): void {
  const create = window.hbspt?.forms?.create;
  if (!create) throw new Error("marketing form script has no forms.create");
  window.hbspt!.forms!.create({ region: d.region, portalId: d.portalId, formId: d.formId, target: `#${target}` });
}

/** isSubmitMessage tells the provider's "form submitted" message of formId. */
export function isSubmitMessage(data: unknown, formId: string): boolean {
  if (!data || typeof data !== "object") return false;
  const m = data as { type?: unknown; eventName?: unknown; id?: unknown };
  return m.type === "hsFormCallback" && m.eventName === "onFormSubmitted" && (m.id === undefined || m.id === formId);
}
