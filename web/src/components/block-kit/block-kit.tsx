// Small pieces shared by the content blocks: headings with an editor-chosen
// tag, background colour classes and media sources.
import type { ReactNode } from "react";
import "./block-kit.css";
import type { Fields } from "../../lib/types";
import { fieldValue, textOf } from "../../lib/fields";

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/** Heading renders children in the tag named by the TitleTag field (default given). */
export function Heading({ fields, def = "h2", className, children, id }: { fields: Fields; def?: string; className?: string; children: ReactNode; id?: string }) {
  const tag = textOf(fields, "TitleTag").toLowerCase();
  const Tag = (HEADINGS.has(tag) ? tag : def) as "h2";
  return (
    <Tag className={className} id={id}>
      {children}
    </Tag>
  );
}

/** BACKGROUNDS are the BackgroundColor choices of the spec. */
export const BACKGROUNDS = ["BackgroundColor1", "BackgroundColor2", "BackgroundColor3", "None"] as const;

/** bgClass maps a BackgroundColor value to its class ("" for None or unknown). */
export function bgClass(fields: Fields, params?: Record<string, string>): string {
  const v = params?.BackgroundColor || textOf(fields, "BackgroundColor");
  const n = v.match(/^BackgroundColor([123])$/)?.[1];
  return n ? `fc-bg fc-bg--${n}` : "";
}

/** mediaSrc reads a video or file field: a string, a {src} value or a link {href}. */
export function mediaSrc(fields: Fields, name: string): string {
  const v = fieldValue<unknown>(fields, name);
  if (typeof v === "string") return v;
  if (v && typeof v === "object") {
    const o = v as { src?: string; href?: string };
    return o.src || o.href || "";
  }
  return "";
}

export function Chevron({ dir }: { dir: "left" | "right" | "down" | "up" }) {
  const rot = { right: 0, down: 90, left: 180, up: 270 }[dir];
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" style={{ transform: `rotate(${rot}deg)` }}>
      <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
