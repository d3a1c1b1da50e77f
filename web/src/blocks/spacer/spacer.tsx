import type { BlockProps } from "../../app/block-props";
import { textOf } from "../../lib/fields";
import "./spacer.css";

/** SPACER_SIZES are the spacer heights of the spec. */
export const SPACER_SIZES = ["Small", "Medium", "Large"] as const;

/** Spacer is vertical white space: Size Small, Medium (default) or Large. */
export function Spacer({ fields, params }: BlockProps) {
  const size = params.Size || textOf(fields, "Size");
  const s = (SPACER_SIZES as readonly string[]).includes(size) ? size.toLowerCase() : "medium";
  return <div className={`fc-spacer fc-spacer--${s}`} aria-hidden="true" data-size={s} />;
}
