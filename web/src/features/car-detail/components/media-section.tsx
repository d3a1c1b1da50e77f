import { useEffect, useRef, useState } from "react";
import { Gallery } from "./gallery";
import { fetchExtraMedia } from "../api/media";
import { imageURL } from "../../../lib/media";
import type { Car, ExtraMedia } from "../types";
import type { T } from "../../../lib/text";
import { useRequest } from "../../../lib/use-request";

type Tab = "images" | "video" | "internal360" | "external360";

/**
 * MediaSection shows the gallery; on the UK site it also fetches the extra
 * media record and offers video, internal 360 and external 360 tabs when
 * available. A failing fetch leaves the gallery alone.
 */
export function MediaSection({ car, isUK, t }: { car: Car; isUK: boolean; t: T }) {
  const regNo = isUK ? car.car_regno : undefined;
  const media = useRequest(regNo ? (signal) => fetchExtraMedia(regNo, signal) : null, [regNo]);
  const extra: ExtraMedia | null = media.status === "ready" ? media.data : null;
  const [tab, setTab] = useState<Tab>("images");
  const alt = `${car.car_brand} ${car.car_model}`;
  const tabs: [Tab, string][] = [["images", t("carDetailTabImages", "Pictures")]];
  if (extra?.hasVideo && extra.videoUrl) tabs.push(["video", t("carDetailTabVideo", "Video")]);
  if (extra?.hasInternal360 && extra.internal360) tabs.push(["internal360", t("carDetailTabInternal360", "Interior 360°")]);
  if (extra?.has360 && extra.images360?.length) tabs.push(["external360", t("carDetailTabExternal360", "Exterior 360°")]);
  return (
    <div className="fc-media">
      {tabs.length > 1 && (
        <div className="fc-media__tabs" role="tablist" aria-label={t("carDetailMedia", "Media")}>
          {tabs.map(([k, label]) => (
            <button key={k} type="button" role="tab" aria-selected={tab === k} className={tab === k ? "is-active" : undefined} onClick={() => setTab(k)}>{label}</button>
          ))}
        </div>
      )}
      <div role={tabs.length > 1 ? "tabpanel" : undefined}>
        {tab === "images" && <Gallery images={car.car_images ?? []} alt={alt} t={t} />}
        {tab === "video" && extra && (
          <div className="fc-media__video">
            <iframe src={extra.videoUrl} title={`${alt} – ${t("carDetailTabVideo", "Video")}`} allow="encrypted-media; picture-in-picture" allowFullScreen loading="lazy" />
          </div>
        )}
        {tab === "internal360" && extra && (
          <div className="fc-media__pano"><img src={imageURL(extra.internal360, 1920)} alt={`${alt} – ${t("carDetailTabInternal360", "Interior 360°")}`} /></div>
        )}
        {tab === "external360" && extra && <Spin360 frames={extra.images360} alt={alt} t={t} />}
      </div>
    </div>
  );
}

export const FRAME_MS = 150;
export const DRAG_THRESHOLD = 5;

/** Spin360 turns the car through its frames every 150 ms until dragged or stopped. */
export function Spin360({ frames, alt, t }: { frames: string[]; alt: string; t: T }) {
  const [frame, setFrame] = useState(0);
  const [playing, setPlaying] = useState(true);
  const drag = useRef<{ x: number; f: number; moved: boolean } | null>(null);
  const n = frames.length;
  useEffect(() => {
    if (!playing) return;
    const id = window.setInterval(() => setFrame((f) => (f + 1) % n), FRAME_MS);
    return () => window.clearInterval(id);
  }, [playing, n]);
  useEffect(() => {
    frames.forEach((f) => { const im = new Image(); im.src = imageURL(f, 1280); });
  }, [frames]);
  return (
    <div className="fc-spin" aria-roledescription="360 view">
      <div className="fc-spin__stage"
        onPointerDown={(e) => { drag.current = { x: e.clientX, f: frame, moved: false }; (e.target as Element).setPointerCapture?.(e.pointerId); }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d) return;
          const dx = e.clientX - d.x;
          if (!d.moved && Math.abs(dx) < DRAG_THRESHOLD) return;
          d.moved = true;
          setPlaying(false);
          setFrame((((d.f - Math.round(dx / 10)) % n) + n) % n);
        }}
        onPointerUp={() => (drag.current = null)}
        tabIndex={0}
        onKeyDown={(e) => {
          if (e.key === "ArrowLeft") { setPlaying(false); setFrame((f) => (f + n - 1) % n); }
          if (e.key === "ArrowRight") { setPlaying(false); setFrame((f) => (f + 1) % n); }
        }}
        aria-label={`${alt} 360° – ${t("carDetail360Hint", "drag or use the arrow keys to turn")}`}>
        <img src={imageURL(frames[frame], 1280)} alt={`${alt} ${Math.round((frame * 360) / n)}°`} draggable={false} />
      </div>
      <button type="button" className="fc-button fc-button--secondary fc-spin__toggle" onClick={() => setPlaying((p) => !p)}>
        {playing ? t("pause", "Pause") : t("play", "Play")}
      </button>
    </div>
  );
}
