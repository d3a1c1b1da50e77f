// Staff texts: Swedish and English. Each area keeps its own messages
// (defineMessages) and reads them in the staff member's language
// (useMessages); the language starts as the site's (<html lang>) and the
// staff member may switch it (kept in localStorage).
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";

export type Lang = "sv" | "en";
export const LANGS: Lang[] = ["sv", "en"];

const STORAGE_KEY = "fc-staff-lang";

export function defineMessages<T extends Record<string, string>>(m: { sv: T; en: { [K in keyof T]: string } }) {
  return m;
}

type LangState = { lang: Lang; setLang: (l: Lang) => void };
const LangContext = createContext<LangState>({ lang: "en", setLang: () => undefined });

function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === "sv" || saved === "en") return saved;
  } catch {
    // storage blocked: the site's language
  }
  return document.documentElement.lang === "sv" ? "sv" : "en";
}

export function LangProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(initialLang);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const setLang = (l: Lang) => {
    setLangState(l);
    try {
      localStorage.setItem(STORAGE_KEY, l);
    } catch {
      // not kept: the switch still holds for this page
    }
  };
  return <LangContext.Provider value={{ lang, setLang }}>{children}</LangContext.Provider>;
}

export function useLang(): LangState {
  return useContext(LangContext);
}

export function useMessages<T extends Record<string, string>>(m: { sv: T; en: { [K in keyof T]: string } }): T {
  const { lang } = useLang();
  return (lang === "sv" ? m.sv : m.en) as T;
}

/** Fills {name} placeholders of a message. */
export function fill(msg: string, values: Record<string, string | number>): string {
  return msg.replace(/\{(\w+)\}/g, (_, k: string) => (k in values ? String(values[k]) : `{${k}}`));
}

/** Date and time in the staff member's language, in the browser's zone. */
export function formatDateTime(iso: string, lang: Lang): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lang === "sv" ? "sv-SE" : "en-GB", { dateStyle: "medium", timeStyle: "short" }).format(d);
}

/** How long ago, roughly ("3 h", "2 d"), in the staff member's language. */
export function formatAge(iso: string, lang: Lang, now = Date.now()): string {
  const mins = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60000));
  const rtf = new Intl.RelativeTimeFormat(lang === "sv" ? "sv" : "en", { numeric: "auto", style: "short" });
  if (mins < 60) return rtf.format(-mins, "minute");
  const hours = Math.round(mins / 60);
  if (hours < 48) return rtf.format(-hours, "hour");
  return rtf.format(-Math.round(hours / 24), "day");
}
