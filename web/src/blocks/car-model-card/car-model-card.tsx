import type { BlockProps } from "../../app/block-props";
import { FieldLink, Img, RichText, boolOf, imageOf, linkOf, textOf } from "../../lib/fields";
import { Heading } from "../../components/block-kit/block-kit";
import "./car-model-card.css";

/** LABELS are the up to four label/value pairs of a car model card. */
const LABELS = [1, 2, 3, 4] as const;

/**
 * CarModelCard shows a car model: image, title, a campaign badge (when
 * IsCampaign, with the Campaign text), text, up to four Label/LabelValue
 * pairs and an optional link; the link covers the whole card.
 */
export function CarModelCard({ fields }: BlockProps) {
  const title = textOf(fields, "Title");
  const link = linkOf(fields, "Link");
  const campaign = boolOf(fields, "IsCampaign") ? textOf(fields, "Campaign") : "";
  const pairs = LABELS.map((n) => [textOf(fields, `Label${n}`), textOf(fields, `LabelValue${n}`)] as const).filter(([l, v]) => l && v);
  return (
    <article className={`fc-model-card${link ? " fc-model-card--linked" : ""}`}>
      <div className="fc-model-card__media">
        <Img image={imageOf(fields, "Image")} name="Image" sizes="(max-width: 767px) 100vw, 33vw" className="fc-model-card__img" />
        {campaign && <span className="fc-model-card__badge">{campaign}</span>}
      </div>
      <div className="fc-model-card__body">
        <Heading fields={fields} def="h3" className="fc-model-card__title">
          {link ? (
            <FieldLink link={link} name="Link" className="fc-model-card__link">
              {title}
            </FieldLink>
          ) : (
            title
          )}
        </Heading>
        <RichText fields={fields} name="Text" className="fc-model-card__text" />
        {pairs.length > 0 && (
          <dl className="fc-model-card__facts">
            {pairs.map(([l, v]) => (
              <div key={l}>
                <dt>{l}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        )}
        {link?.text && (
          <span className="fc-model-card__cta" aria-hidden="true">
            {link.text} →
          </span>
        )}
      </div>
    </article>
  );
}
