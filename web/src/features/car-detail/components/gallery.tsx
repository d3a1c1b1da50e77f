import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { imageSrcSet, imageURL } from "../../../lib/media";
import type { CarImage } from "../types";
import type { T } from "../../../lib/text";


// The full-screen viewer loads on the first press of a picture: it is never
// part of the server HTML, and the car page's first load stays smaller.
const Viewer = lazy(() => import("./gallery-viewer").then((m) => ({ default: m.Viewer })));

/** PictureNav is the previous and next buttons of the carousel and of the full-screen viewer (block: their CSS block). */
export function PictureNav({ block, go, t }: { block: string; go: (step: number) => void; t: T }) {
  return (
    <>
      <button type="button" className={`${block}__nav ${block}__nav--prev`} onClick={() => go(-1)} aria-label={t("previousPicture", "Previous picture")}>‹</button>
      <button type="button" className={`${block}__nav ${block}__nav--next`} onClick={() => go(1)} aria-label={t("nextPicture", "Next picture")}>›</button>
    </>
  );
}

/** Gallery is the carousel of a car's pictures with a full-screen viewer. */
export function Gallery({ images, alt, t }: { images: CarImage[]; alt: string; t: T }) {
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  const strip = useRef<HTMLUListElement>(null);
  const n = images.length;
  // The strip scrolls inside itself (phones show a few thumbnails): keep
  // the current picture's thumbnail in view as the visitor steps through.
  useEffect(() => {
    const ul = strip.current;
    const li = ul?.children[index] as HTMLElement | undefined;
    if (!ul || !li || ul.scrollWidth <= ul.clientWidth) return;
    const left = ul.scrollLeft + li.getBoundingClientRect().left - ul.getBoundingClientRect().left - (ul.clientWidth - li.offsetWidth) / 2;
    ul.scrollTo?.({ left, behavior: window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  }, [index]);
  if (n === 0) {
    return (
      <div className="fc-gallery fc-gallery--empty">
        <div className="fc-gallery__missing" role="img" aria-label={t("carDetailMissingImage", "Picture missing")}>
          <svg viewBox="0 0 160 100" width="160" height="100" aria-hidden="true">
            <path d="M20 70 q10-26 40-28 l40 0 q24 2 40 28 v10 h-120z" fill="#cfd4db" />
            <circle cx="48" cy="80" r="11" fill="#9aa2ad" />
            <circle cx="112" cy="80" r="11" fill="#9aa2ad" />
          </svg>
          <p>{t("carDetailMissingImage", "Picture missing")}</p>
        </div>
      </div>
    );
  }
  const go = (d: number) => setIndex((i) => (i + d + n) % n);
  const img = images[index];
  return (
    <div className="fc-gallery" role="region" aria-roledescription="carousel" aria-label={t("carDetailGallery", "Pictures")}>
      <div className="fc-gallery__stage" style={img.blur_data_url ? { backgroundImage: `url("${img.blur_data_url}")` } : undefined}>
        <button type="button" className="fc-gallery__open" onClick={() => setFull(true)} aria-label={t("carDetailOpenFullscreen", "Open full screen")}>
          <img key={img.original} src={imageURL(img.original, 1280)} srcSet={imageSrcSet(img.original)} sizes={imageSrcSet(img.original) ? "(min-width: 1024px) 60vw, 100vw" : undefined}
            alt={`${alt} – ${index + 1}/${n}`} width={1600} height={1000} fetchPriority={index === 0 ? "high" : undefined} />
        </button>
        {n > 1 && <PictureNav block="fc-gallery" go={go} t={t} />}
        <span className="fc-gallery__counter" aria-live="polite">{index + 1} / {n}</span>
      </div>
      {n > 1 && (
        <ul className="fc-gallery__thumbs" ref={strip}>
          {images.map((im, i) => (
            <li key={im.original}>
              <button type="button" aria-label={`${t("carDetailShowPicture", "Show picture")} ${i + 1}`} aria-current={i === index || undefined}
                className={i === index ? "is-active" : undefined} onClick={() => setIndex(i)}
                style={im.blur_data_url ? { backgroundImage: `url("${im.blur_data_url}")` } : undefined}>
                <img src={imageURL(im.original, 320)} alt="" width={160} height={100} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {full && (
        <Suspense fallback={null}>
          <Viewer images={images} start={index} alt={alt} t={t} onClose={(i) => { setIndex(i); setFull(false); }} />
        </Suspense>
      )}
    </div>
  );
}
