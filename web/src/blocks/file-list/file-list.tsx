import { useId, useRef, useState } from "react";
import type { BlockProps } from "../../app/block-props";
import { itemsOf, linkOf, textOf } from "../../lib/fields";
import { useT } from "../../lib/page-context";
import { useLayoutRecalc } from "../../lib/resize";
import { Heading } from "../../components/block-kit/block-kit";
import type { ListItem } from "../../lib/types";
import "./file-list.css";

/** Constants of the spec: 3 visible items, 8 px gap, 300 ms collapse animation. */
export const DEFAULT_VISIBLE = 3;
export const GAP_PX = 8;
export const COLLAPSE_MS = 300;

/**
 * FileList lists downloadable files (FileList items: Title, File link,
 * FileType, FileSize). ItemsVisibleWhenCollapsed (default 3) show at first;
 * 'show more' expands with a 300 ms height animation, 'show less'
 * collapses. The collapsed height is measured, and re-measured on resize
 * (throttled 50 ms, final update 250 ms).
 */
export function FileList({ fields, params }: BlockProps) {
  const t = useT();
  const files = itemsOf(fields, "FileList");
  const visible = Math.max(1, Number(params.ItemsVisibleWhenCollapsed || textOf(fields, "ItemsVisibleWhenCollapsed")) || DEFAULT_VISIBLE);
  const [open, setOpen] = useState(false);
  const [collapsedHeight, setCollapsedHeight] = useState<number | null>(null);
  const [fullHeight, setFullHeight] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  useLayoutRecalc(() => {
    const ul = listRef.current;
    if (!ul) return;
    const items = Array.from(ul.children) as HTMLElement[];
    const last = items[Math.min(visible, items.length) - 1];
    if (last) setCollapsedHeight(last.offsetTop + last.offsetHeight - ul.offsetTop);
    setFullHeight(ul.scrollHeight);
  });
  if (files.length === 0) return null;
  const canToggle = files.length > visible;
  const title = textOf(fields, "Title");
  const height = !canToggle ? undefined : open ? (fullHeight ?? undefined) : (collapsedHeight ?? undefined);
  return (
    <section className="fc-block fc-file-list">
      <div className="fc-container">
        {title && <Heading fields={fields} className="fc-block__title">{title}</Heading>}
        <ul
          ref={listRef}
          id={id}
          className="fc-file-list__list"
          style={{ gap: GAP_PX, maxHeight: height, transitionDuration: `${COLLAPSE_MS}ms` }}
        >
          {files.map((f, i) => (
            <FileRow key={f.id} file={f} hidden={canToggle && !open && i >= visible} />
          ))}
        </ul>
        {canToggle && (
          <button type="button" className="fc-button fc-button--secondary fc-file-list__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
            {open ? t("showLess", "Visa mindre") : `${t("showMore", "Visa fler")} (${files.length - visible})`}
          </button>
        )}
      </div>
    </section>
  );
}

function FileRow({ file, hidden }: { file: ListItem; hidden: boolean }) {
  const t = useT();
  const link = linkOf(file.fields, "File");
  const type = textOf(file.fields, "FileType") || link?.href?.split(".").pop()?.toUpperCase() || "";
  const size = textOf(file.fields, "FileSize");
  return (
    <li className="fc-file-list__item" aria-hidden={hidden || undefined} inert={hidden ? true : undefined}>
      <span className="fc-file-list__icon" aria-hidden="true">
        {type.slice(0, 4)}
      </span>
      <span className="fc-file-list__name">
        <a href={link?.href} target={link?.target || "_blank"} rel="noopener noreferrer">
          {textOf(file.fields, "Title") || link?.text}
          <span className="fc-visually-hidden"> ({[type, size].filter(Boolean).join(", ")}, {t("opensInNewWindow", "öppnas i nytt fönster")})</span>
        </a>
        {textOf(file.fields, "Description") && <span className="fc-file-list__desc">{textOf(file.fields, "Description")}</span>}
      </span>
      <span className="fc-file-list__meta" aria-hidden="true">
        {[type, size].filter(Boolean).join(" · ")}
      </span>
    </li>
  );
}
