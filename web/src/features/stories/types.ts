// Stories as the Go stories service sends them (internal/stories).
export interface StoryTag {
  id: string;
  key: string;
  value: string;
}

export interface StoryCardData {
  id: string;
  name: string;
  path: string;
  url: string;
  title: string;
  intro: string;
  date: string;
  formattedDate: string;
  image?: { src: string; alt: string; width?: number; height?: number };
  tags: StoryTag[];
}

export interface StoriesPage {
  items: StoryCardData[];
  total: number;
  endCursor: string;
  hasNext: boolean;
}

/** StoriesListData is the StoriesList loader output. */
export interface StoriesListData {
  index: string;
  indexUrl: string;
  language: string;
  showDates: boolean;
  layout: string;
  highlightLatestStory: boolean;
  pageSize: number;
  tags: StoryTag[];
  page: StoriesPage;
}

/** StoriesTeaserData is the StoriesTeaser loader output. */
export interface StoriesTeaserData {
  indexUrl: string;
  showDates: boolean;
  items: StoryCardData[];
}

/** ArticleFooterData is the ArticleFooter loader output. */
export interface ArticleFooterData {
  previous: StoryCardData | null;
  next: StoryCardData | null;
  backUrl: string;
  backTitle: string;
}

/** StoryHeaderData is the StoryHeader loader output. */
export interface StoryHeaderData {
  showDates: boolean;
  date: string;
  formattedDate: string;
  tags: StoryTag[];
  indexUrl: string;
  indexTitle: string;
}

/** isVariant2 reports the 'Variant 2' layout (horizontal cards, list teaser). */
export function isVariant2(layout: string | undefined): boolean {
  return (layout ?? "").replace(/\s+/g, "").toLowerCase() === "variant2";
}
