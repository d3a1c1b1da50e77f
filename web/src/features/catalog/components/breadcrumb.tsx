// The breadcrumb (CMS block "Breadcrumb"): content ancestors plus the brand
// and model of readable car list URLs, and a back link that uses the
// browser history when there is some, otherwise the parent page.
import type { BlockProps } from "../../../app/block-props";
import { useT } from "../../../lib/page-context";

export interface BreadcrumbData {
  items: { title: string; href: string }[];
  backHref: string;
}

export function goBack(e: React.MouseEvent<HTMLAnchorElement>) {
  const sameSite = document.referrer && new URL(document.referrer, window.location.href).origin === window.location.origin;
  if (window.history.length > 1 && sameSite) {
    e.preventDefault();
    window.history.back();
  }
}

export function Breadcrumb({ data }: BlockProps<BreadcrumbData>) {
  const t = useT();
  if (!data || data.items.length < 2) return null;
  return (
    <div className="fc-breadcrumb fc-container">
      <a className="fc-back-link" href={data.backHref} onClick={goBack}>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
          <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {t("back", "Tillbaka")}
      </a>
      <nav aria-label="Breadcrumb">
        <ol>
          {data.items.map((it, i) => (
            <li key={it.href}>{i === data.items.length - 1 ? <span aria-current="page">{it.title}</span> : <a href={it.href}>{it.title}</a>}</li>
          ))}
        </ol>
      </nav>
    </div>
  );
}
