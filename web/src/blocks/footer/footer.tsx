import type { BlockProps } from "../../app/block-props";
import { Img, Text, imageOf } from "../../lib/fields";
import { Placeholder } from "../../app/placeholder";

/** Footer is the site footer: logo, link-list columns and the copyright line. */
export function Footer({ rendering, fields }: BlockProps) {
  return (
    <div className="fc-footer">
      <div className="fc-container fc-footer__inner">
        <div className="fc-footer__brand">
          <Img image={imageOf(fields, "Logo")} name="Logo" className="fc-footer__logo" />
        </div>
        <nav className="fc-footer__columns" aria-label="Sidfot">
          <Placeholder name="footer-columns" renderings={rendering.placeholders?.["footer-columns"] ?? []} />
        </nav>
        <Text fields={fields} name="Copyright" tag="p" className="fc-footer__copyright" />
      </div>
    </div>
  );
}
