import type { BlockProps } from "../../app/block-props";
import { RichText } from "../../lib/fields";

/** RichTextBlock is an editor-written text section of a content page. */
export function RichTextBlock({ fields }: BlockProps) {
  return (
    <section className="fc-rich-text fc-container">
      <RichText fields={fields} name="Text" className="fc-prose" />
    </section>
  );
}
