import { useEffect, useRef, useState } from "react";
import { imageURL } from "../../../lib/media";
import { useDialog } from "../../../lib/use-dialog";
import type { CarImage } from "../types";
import { PictureNav } from "./gallery";
import type { T } from "../../../lib/text";


/** Viewer is the full-screen picture dialog: arrows and swipe move, Escape closes. */
export function Viewer({ images, start, alt, t, onClose }: { images: CarImage[]; start: number; alt: string; t: T; onClose: (i: number) => void }) {
  const [i, setI] = useState(start);
  const ref = useRef<HTMLDivElement>(null);
  const cur = useRef(start);
  cur.current = i;
  useDialog(ref, () => onClose(cur.current));
  const n = images.length;
  const go = (d: number) => setI((x) => (x + d + n) % n);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "ArrowRight") go(1);
      if (e.key === "ArrowLeft") go(-1);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });
  const x0 = useRef<number | null>(null);
  const img = images[i];
  return (
    <div className="fc-viewer" role="dialog" aria-modal="true" aria-label={t("carDetailFullscreen", "Pictures in full screen")} ref={ref} tabIndex={-1}
      onPointerDown={(e) => (x0.current = e.clientX)}
      onPointerUp={(e) => {
        if (x0.current === null) return;
        const dx = e.clientX - x0.current;
        x0.current = null;
        if (Math.abs(dx) > 50) go(dx < 0 ? 1 : -1);
      }}>
      <button type="button" className="fc-viewer__close" onClick={() => onClose(i)} aria-label={t("close", "Close")}>×</button>
      <img src={imageURL(img.original, 1920)} alt={`${alt} – ${i + 1}/${n}`} draggable={false}
        style={img.blur_data_url ? { backgroundImage: `url("${img.blur_data_url}")` } : undefined} />
      {n > 1 && <PictureNav block="fc-viewer" go={go} t={t} />}
      <p className="fc-viewer__counter" aria-live="polite">{i + 1} / {n}</p>
    </div>
  );
}
