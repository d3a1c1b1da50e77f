import type { ReactNode } from "react";

/**
 * PageHeading is each wizard page's heading; the container moves focus to it
 * when the page changes, so screen readers hear where they are.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  return <h2 className="fc-th-heading" tabIndex={-1} data-th-heading="">{children}</h2>;
}
