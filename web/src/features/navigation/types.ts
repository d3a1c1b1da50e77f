import type { LanguageLink } from "../../lib/types";

export interface NavItem {
  id: string;
  name: string;
  path: string;
  navigationTitle: string;
  hideInNavigation: boolean;
  isNavigableInMenuWhenItHasChildren: boolean;
  externalLink?: string;
  children?: NavItem[];
}

/** NavigationData is the navigation loader's output (hidden items already removed). */
export interface NavigationData {
  items: NavItem[];
  languages: LanguageLink[];
  /** True when more than one site language is also an enabled locale. */
  showLanguageSwitch: boolean;
  homePath: string;
  currentLanguage: string;
}
