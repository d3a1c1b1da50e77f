import type { BlockProps } from "../../app/block-props";
import { textOf } from "../../lib/fields";
import { usePage, useT } from "../../lib/page-context";
import "./social-sharing.css";

/** ShareData is the SocialSharing loader output: the page's absolute address and title. */
export interface ShareData {
  url: string;
  title: string;
}

/** NETWORKS are the share targets, in order. */
export const NETWORKS = ["facebook", "linkedin", "x", "email"] as const;
type Network = (typeof NETWORKS)[number];

export function shareURL(n: Network, url: string, title: string): string {
  const u = encodeURIComponent(url);
  const tt = encodeURIComponent(title);
  switch (n) {
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case "x":
      return `https://x.com/intent/post?url=${u}&text=${tt}`;
    case "email":
      return `mailto:?subject=${tt}&body=${u}`;
  }
}

const NAMES: Record<Network, string> = { facebook: "Facebook", linkedin: "LinkedIn", x: "X", email: "e-post" };
const ICONS: Record<Network, string> = {
  facebook: "M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z",
  linkedin: "M4 9h4v12H4zM6 3a2 2 0 110 4 2 2 0 010-4zm5 6h3.8v1.7c.6-1 1.9-2 3.9-2 4 0 4.3 2.6 4.3 6V21h-4v-5.4c0-1.4 0-3.1-2-3.1s-2.2 1.5-2.2 3V21H11z",
  x: "M17.7 3h3.1l-6.8 7.8L22 21h-6.3l-4.9-6.4L5.2 21H2.1l7.3-8.3L2 3h6.4l4.4 5.9zm-1.1 16.2h1.7L7.5 4.7H5.7z",
  email: "M3 5h18v14H3zm2 2v.5l7 4.5 7-4.5V7zm0 2.9V17h14V9.9l-7 4.5z",
};

/**
 * SocialSharing links to share the page on Facebook, LinkedIn and X and by
 * e-mail. The page address comes from the loader (absolute, computed on
 * the server), never from window during render. SocialLinks (a list of
 * network names) limits the networks.
 */
export function SocialSharing({ fields, data }: BlockProps<ShareData>) {
  const t = useT();
  const page = usePage();
  const url = data?.url ?? "";
  if (!url) return null;
  const title = data?.title || page.sitecore.route?.displayName || "";
  const only = textOf(fields, "SocialLinks").toLowerCase().split(/[|,\s]+/).filter(Boolean);
  const nets = NETWORKS.filter((n) => only.length === 0 || only.includes(n));
  return (
    <aside className="fc-share fc-container" aria-label={t("share", "Dela")}>
      <span className="fc-share__label" aria-hidden="true">
        {textOf(fields, "Title") || t("shareThisPage", "Dela sidan")}
      </span>
      <ul className="fc-share__list">
        {nets.map((n) => (
          <li key={n}>
            <a
              className={`fc-share__link fc-share__link--${n}`}
              href={shareURL(n, url, title)}
              target={n === "email" ? undefined : "_blank"}
              rel={n === "email" ? undefined : "noopener noreferrer"}
              aria-label={`${t("shareOn", "Dela på")} ${n === "email" ? t("shareEmail", NAMES.email) : NAMES[n]}`}
            >
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
                <path d={ICONS[n]} fill="currentColor" />
              </svg>
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
