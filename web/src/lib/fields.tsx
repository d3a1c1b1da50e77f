// Field helpers: every block reads content through these, so editing mode can
// wrap each field with its editor chrome in one place.
import type { AnchorHTMLAttributes, ElementType, ReactNode } from "react";
import type { FieldValue, Fields, ImageValue, LinkValue, ListItem } from "./types";
import { useEditing, usePageContext } from "./page-context";
import { useEditScope } from "./editing";
import { lazyBlock } from "./lazy-block";
import { imageSrcSet, imageURL } from "./media";

// Only editing mode renders field editors: their code loads with the
// editor bar (preloadEditing), not with every visitor's page.
const FieldEditor = lazyBlock(() => import("../components/editor/field-editor").then((m) => m.FieldEditor), { editing: true });

export function fieldValue<T = unknown>(fields: Fields | undefined, name: string): T | undefined {
  const f = fields?.[name];
  if (!f || Array.isArray(f)) return undefined;
  return (f as FieldValue<T>).value;
}

export function textOf(fields: Fields | undefined, name: string): string {
  const v = fieldValue<unknown>(fields, name);
  if (v === undefined || v === null) return "";
  return typeof v === "string" ? v : String(v);
}

export function boolOf(fields: Fields | undefined, name: string): boolean {
  const v = fieldValue<unknown>(fields, name);
  return v === true || v === "1" || v === "true" || v === 1;
}

export function itemsOf(fields: Fields | undefined, name: string): ListItem[] {
  const f = fields?.[name];
  return Array.isArray(f) ? f : [];
}

export function imageOf(fields: Fields | undefined, name: string): ImageValue | undefined {
  const v = fieldValue<ImageValue>(fields, name);
  return v && v.src ? v : undefined;
}

export function linkOf(fields: Fields | undefined, name: string): LinkValue | undefined {
  const v = fieldValue<LinkValue>(fields, name);
  return v && v.href ? v : undefined;
}

export type FieldKind = "text" | "rich" | "image" | "link";

/**
 * Editable marks a field for the editing chrome: for visitors it renders
 * its children unchanged; in editing mode it adds an edit button that opens
 * the field's form, saves a draft and reloads the page data to show it.
 */
export function Editable({ name, kind, value, children }: { name: string; kind: FieldKind; value?: unknown; children: ReactNode }) {
  const editing = useEditing();
  if (!editing) return <>{children}</>;
  return (
    <EditableChrome name={name} kind={kind} value={value}>
      {children}
    </EditableChrome>
  );
}

function EditableChrome({ name, kind, value, children }: { name: string; kind: FieldKind; value?: unknown; children: ReactNode }) {
  const { page, navigate } = usePageContext();
  const scope = useEditScope();
  const addr = { itemId: page.sitecore.route?.itemId ?? "", uid: scope.uid, datasource: scope.datasource, language: page.site.language, field: name };
  return (
    <span className={`fc-editable fc-editable--${kind}`} data-field={name} data-field-kind={kind}>
      {children}
      <FieldEditor addr={addr} kind={kind} value={value} onSaved={() => navigate(window.location.href, { replace: true, scroll: false })} />
    </span>
  );
}

export function Text({ fields, name, tag, className }: { fields: Fields | undefined; name: string; tag?: ElementType; className?: string }) {
  const editing = useEditing();
  const text = textOf(fields, name);
  if (!text && !editing) return null;
  const Tag = tag ?? "span";
  return (
    <Editable name={name} kind="text" value={text}>
      <Tag className={className}>{text}</Tag>
    </Editable>
  );
}

export function RichText({ fields, name, className, tag }: { fields: Fields | undefined; name: string; className?: string; tag?: ElementType }) {
  const editing = useEditing();
  const html = textOf(fields, name);
  if (!html && !editing) return null;
  const Tag = tag ?? "div";
  // Rich text is editors' HTML: from the repository's content files, from
  // the CMS, or from editing mode, which sanitises it when it is saved.
  return (
    <Editable name={name} kind="rich" value={html}>
      <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />
    </Editable>
  );
}

export function Img({
  image,
  name,
  sizes,
  className,
  loading,
  priority,
}: {
  image: ImageValue | undefined;
  name?: string;
  sizes?: string;
  className?: string;
  loading?: "lazy" | "eager";
  priority?: boolean;
}) {
  if (!image?.src) return null;
  // sizes only with a srcset (an SVG or data URL has none): HTML allows no
  // sizes alone, and React's preload link would carry imagesizes alone.
  const srcSet = imageSrcSet(image.src);
  const img = (
    <img
      className={className}
      src={imageURL(image.src, 1280)}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? "100vw") : undefined}
      alt={image.alt ?? ""}
      width={image.width ? Number(image.width) : undefined}
      height={image.height ? Number(image.height) : undefined}
      loading={priority ? "eager" : (loading ?? "lazy")}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
    />
  );
  return name ? (
    <Editable name={name} kind="image" value={image}>
      {img}
    </Editable>
  ) : (
    img
  );
}

export function isExternal(link: LinkValue): boolean {
  return link.target === "_blank" || /^https?:\/\//.test(link.href ?? "");
}

export function FieldLink({
  link,
  name,
  children,
  ...rest
}: { link: LinkValue | undefined; name?: string; children?: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  if (!link?.href) return null;
  const a = (
    <a href={link.href} target={link.target || undefined} rel={link.target === "_blank" ? "noopener noreferrer" : undefined} title={link.title || undefined} {...rest}>
      {children ?? link.text}
    </a>
  );
  return name ? (
    <Editable name={name} kind="link" value={link}>
      {a}
    </Editable>
  ) : (
    a
  );
}
