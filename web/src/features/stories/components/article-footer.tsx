import type { BlockProps } from "../../../app/block-props";
import { boolOf } from "../../../lib/fields";
import { useT } from "../../../lib/page-context";
import { Chevron } from "../../../components/block-kit/block-kit";
import type { ArticleFooterData } from "../types";
import "./stories.css";

/**
 * ArticleFooter links to the previous (newer) and next (older) story and
 * back to the stories index. HasMarginTop adds space above.
 */
export function ArticleFooter({ fields, data }: BlockProps<ArticleFooterData>) {
  const t = useT();
  if (!data) return null;
  return (
    <nav className={`fc-article-footer fc-container${boolOf(fields, "HasMarginTop") ? " fc-article-footer--margin" : ""}`} aria-label={t("moreStories", "Fler nyheter")}>
      <div className="fc-article-footer__row">
        {data.previous ? (
          <a className="fc-article-footer__link fc-article-footer__link--prev" href={data.previous.url} rel="prev">
            <span className="fc-article-footer__dir">
              <Chevron dir="left" /> {t("previousArticle", "Föregående artikel")}
            </span>
            <span className="fc-article-footer__title">{data.previous.title}</span>
          </a>
        ) : (
          <span />
        )}
        {data.next ? (
          <a className="fc-article-footer__link fc-article-footer__link--next" href={data.next.url} rel="next">
            <span className="fc-article-footer__dir">
              {t("nextArticle", "Nästa artikel")} <Chevron dir="right" />
            </span>
            <span className="fc-article-footer__title">{data.next.title}</span>
          </a>
        ) : (
          <span />
        )}
      </div>
      <a className="fc-button fc-button--secondary fc-article-footer__back" href={data.backUrl}>
        {t("backToStories", "Tillbaka till")} {data.backTitle || t("stories", "nyheter")}
      </a>
    </nav>
  );
}
