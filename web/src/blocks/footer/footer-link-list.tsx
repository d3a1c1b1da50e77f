import { useEffect, useRef, useState } from "react";
import type { BlockProps } from "../../app/block-props";
import { FieldLink, Text, isExternal, itemsOf, linkOf } from "../../lib/fields";
import { useT } from "../../lib/page-context";
import type { LinkValue } from "../../lib/types";

/** COPIED_MS is how long the copy confirmation shows. */
export const COPIED_MS = 1000;

const COOKIE_SETTINGS_TITLES = ["cookieinställningar", "cookie settings", "cookie consent settings", "cookie-indstillinger", "cookieindstillinger", "informasjonskapsler",
  "innstillinger for informasjonskapsler", "evästeasetukset", "nastavenia súborov cookie"];

/** isCookieSettings tells the consent-settings link: the #cookie-settings anchor, or its title in one of the sites' languages. */
export function isCookieSettings(link: LinkValue): boolean {
  if (link.href === "#cookie-settings") return true;
  const t = (link.title || link.text || "").trim().toLowerCase();
  return COOKIE_SETTINGS_TITLES.includes(t);
}

/** copyValue returns what the copy button puts on the clipboard for mailto: and tel: links. */
export function copyValue(href: string): string | null {
  if (href.startsWith("mailto:")) return decodeURIComponent(href.slice(7).split("?")[0]);
  if (href.startsWith("tel:")) return decodeURIComponent(href.slice(4));
  return null;
}

/** FooterLinkList is one titled column of footer links. */
export function FooterLinkList({ fields }: BlockProps) {
  const links = itemsOf(fields, "Links");
  return (
    <div className="fc-footer-links">
      <Text fields={fields} name="Title" tag="h2" className="fc-footer-links__title" />
      <ul>
        {links.map((item) => {
          const link = linkOf(item.fields, "Link");
          if (!link) return null;
          return (
            <li key={item.id}>
              <FooterLink link={link} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function FooterLink({ link }: { link: LinkValue }) {
  const t = useT();
  if (isCookieSettings(link)) {
    return (
      <button
        type="button"
        className="fc-linklike"
        onClick={() => {
          window.dispatchEvent(new CustomEvent("forecourt:consent-settings"));
        }}
      >
        {link.text}
      </button>
    );
  }
  const copy = copyValue(link.href ?? "");
  const external = isExternal(link);
  return (
    <span className="fc-footer-link">
      <FieldLink link={link}>
        {link.text}
        {external && link.target === "_blank" && (
          <>
            <svg className="fc-external-icon" aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
              <path d="M5 1H1v10h10V7M7 1h4v4M11 1L5 7" fill="none" stroke="currentColor" strokeWidth="1.3" />
            </svg>
            <span className="fc-visually-hidden"> {t("external", "(öppnas i nytt fönster)")}</span>
          </>
        )}
      </FieldLink>
      {copy && <CopyButton value={copy} label={link.text ?? copy} />}
    </span>
  );
}

function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <>
      <button
        type="button"
        className={`fc-copy${copied ? " fc-copy--copied" : ""}`}
        aria-label={`${t("copy", "Kopiera")} ${label}`}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(value);
          } catch {
            return; // no clipboard permission: nothing was copied, so no confirmation
          }
          setCopied(true);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
        }}
      >
        {copied ? (
          <span aria-hidden="true">✓ {t("copied", "Copied")}</span>
        ) : (
          <>
            <svg aria-hidden="true" width="12" height="12" viewBox="0 0 14 14">
              <rect x="4" y="4" width="8" height="9" rx="1" fill="none" stroke="currentColor" strokeWidth="1.3" />
              <path d="M2 10V2h7" fill="none" stroke="currentColor" strokeWidth="1.3" />
            </svg>
            <span aria-hidden="true">{t("copy", "Kopiera")}</span>
          </>
        )}
      </button>
      <span role="status" className="fc-visually-hidden">
        {copied ? t("copied", "Copied") : ""}
      </span>
    </>
  );
}
