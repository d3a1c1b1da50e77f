// useTexts picks the workshop texts in the staff member's language.
import { TEXTS, type Lang, type Texts } from "../texts";

export function useTexts(): { lang: Lang; t: Texts } {
  const lang: Lang = document.documentElement.lang.startsWith("en") ? "en" : "sv";
  return { lang, t: TEXTS[lang] };
}
