// useTexts picks the workshop texts in the staff member's language (the
// shell's language, which the staff member may switch).
import { useLang } from "../../shell/i18n";
import { TEXTS, type Lang, type Texts } from "../texts";

export function useTexts(): { lang: Lang; t: Texts } {
  const { lang } = useLang();
  return { lang, t: TEXTS[lang] };
}
