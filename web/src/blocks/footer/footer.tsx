import type { BlockProps } from "../../app/block-props";
import { Img, RichText, Text, imageOf } from "../../lib/fields";
import { Placeholder } from "../../app/placeholder";
import { useT } from "../../lib/page-context";

/** Footer is the site footer: logo and about text, link-list columns and the copyright line. */
export function Footer({ rendering, fields }: BlockProps) {
  const t = useT();
  return (
    <div className="fc-footer">
      <div className="fc-container fc-footer__inner">
        <div className="fc-footer__top">
          <div className="fc-footer__brand">
            <Img image={imageOf(fields, "Logo")} name="Logo" className="fc-footer__logo" />
            <RichText fields={fields} name="Text" className="fc-footer__about" />
          </div>
          <nav className="fc-footer__columns" aria-label={t("footerNavigation", "Sidfot")}>
            <Placeholder name="footer-columns" renderings={rendering.placeholders?.["footer-columns"] ?? []} />
          </nav>
        </div>
        <div className="fc-footer__bottom">
          <Text fields={fields} name="Copyright" tag="p" className="fc-footer__copyright" />
        </div>
      </div>
    </div>
  );
}
