import type { ComponentRendering, Fields } from "../lib/types";

/** BlockProps are what every CMS block receives from its placeholder. */
export interface BlockProps<D = unknown> {
  rendering: ComponentRendering;
  fields: Fields;
  params: Record<string, string>;
  /** The component loader's output; null when there is no loader or it failed. */
  data: D | null;
}
