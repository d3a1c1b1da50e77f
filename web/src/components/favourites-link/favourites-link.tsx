// The header's link to the favourites page with the number of saved cars.
// The count is read after hydration (useFavourites), so the server HTML and
// the first client render show the link without it.
import { useFavourites } from "../../lib/use-favourites";
import "./favourites-link.css";
import type { T } from "../../lib/text";

export function FavouritesLink({ href, t }: { href: string; t: T }) {
  const { list } = useFavourites();
  const n = list.length;
  const title = t("favouritesTitle", "Favoriter");
  return (
    <a className="fc-favlink" href={href} aria-label={n > 0 ? t("favouritesLinkLabel", "Favoriter, {count} bilar", { count: n }) : title}>
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" focusable="false">
        <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.2 3.4 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.6 0 5.5 3.7 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" fill={n > 0 ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      </svg>
      {n > 0 && <span className="fc-favlink__count" aria-hidden="true">{n}</span>}
    </a>
  );
}
