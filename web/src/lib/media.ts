// Image URLs through the Go image endpoint, which serves the widths of the
// spec (320, 640, 1280, 1920) and blur placeholders.
export const IMAGE_WIDTHS = [320, 640, 1280, 1920] as const;

export function imageURL(src: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  if (src.startsWith("data:") || src.endsWith(".svg")) return src;
  return `/_img?src=${encodeURIComponent(src)}&w=${width}`;
}

export function imageSrcSet(src: string): string | undefined {
  if (src.startsWith("data:") || src.endsWith(".svg")) return undefined;
  return IMAGE_WIDTHS.map((w) => `${imageURL(src, w)} ${w}w`).join(", ");
}
