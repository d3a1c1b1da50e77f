import type { BlockProps } from "../../app/block-props";
import { FieldLink, Img, RichText, imageOf, linkOf, textOf } from "../../lib/fields";
import { Heading } from "../../components/block-kit/block-kit";
import "./image-card.css";

/** ImageCard is an image with a title, text and an optional link over a gradient. */
export function ImageCard({ fields }: BlockProps) {
  const title = textOf(fields, "Title");
  const link = linkOf(fields, "Link");
  return (
    <article className="fc-image-card">
      <Img image={imageOf(fields, "Image")} name="Image" sizes="(max-width: 767px) 100vw, 33vw" className="fc-image-card__img" />
      <div className="fc-image-card__overlay">
        <Heading fields={fields} def="h3" className="fc-image-card__title">
          {link ? (
            <FieldLink link={link} name="Link" className="fc-image-card__link">
              {title}
            </FieldLink>
          ) : (
            title
          )}
        </Heading>
        <RichText fields={fields} name="Text" className="fc-image-card__text" />
      </div>
    </article>
  );
}
