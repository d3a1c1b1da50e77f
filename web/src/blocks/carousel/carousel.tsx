import { useCallback, useEffect, useId, useState, type KeyboardEvent } from "react";
import type { BlockProps } from "../../app/block-props";
import { FieldLink, Img, RichText, imageOf, itemsOf, linkOf, textOf } from "../../lib/fields";
import { usePrefersReducedMotion } from "../../lib/hooks";
import { useT } from "../../lib/page-context";
import { Chevron, Heading } from "../../components/block-kit/block-kit";
import "./carousel.css";

/** DEFAULT_AUTOPLAY_MS is the carousel's default autoplay interval (5 s). */
export const DEFAULT_AUTOPLAY_MS = 5000;

/**
 * Carousel shows the Slides list (Image, Title, Text, Link) one at a time.
 * It advances every AutoplaySeconds (param or field, default 5; 0 turns it
 * off), pauses on hover and on focus, and never autoplays with reduced
 * motion. Previous/next buttons, dots and the arrow keys move between
 * slides; a pause button stops autoplay (WCAG 2.2.2).
 */
export function Carousel({ fields, params }: BlockProps) {
  const t = useT();
  const slides = itemsOf(fields, "Slides");
  const id = useId();
  const reduced = usePrefersReducedMotion();
  const secs = Number(params.AutoplaySeconds ?? textOf(fields, "AutoplaySeconds") ?? "");
  const interval = Number.isFinite(secs) && (params.AutoplaySeconds || textOf(fields, "AutoplaySeconds")) ? secs * 1000 : DEFAULT_AUTOPLAY_MS;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const n = slides.length;
  const go = useCallback((i: number) => setIndex(((i % n) + n) % n), [n]);
  const playing = interval > 0 && !reduced && !stopped && !hovered && !focused && n > 1;
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => go(index + 1), interval);
    return () => clearTimeout(timer);
  }, [playing, index, interval, go]);
  if (n === 0) return null;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowRight") {
      e.preventDefault();
      go(index + 1);
    } else if (e.key === "ArrowLeft") {
      e.preventDefault();
      go(index - 1);
    }
  };
  const title = textOf(fields, "Title");
  return (
    <section
      className="fc-block fc-carousel"
      aria-roledescription="carousel"
      aria-label={title || t("carousel", "Karusell")}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKey}
    >
      <div className="fc-container">
        {title && <Heading fields={fields} className="fc-block__title">{title}</Heading>}
        <div className="fc-carousel__viewport">
          <div className="fc-carousel__track" style={{ transform: `translateX(-${index * 100}%)` }} aria-live={playing ? "off" : "polite"} id={`${id}-track`}>
            {slides.map((s, i) => {
              const link = linkOf(s.fields, "Link");
              return (
                <div
                  key={s.id}
                  className="fc-carousel__slide"
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${i + 1} / ${n}`}
                  aria-hidden={i !== index}
                  inert={i !== index ? true : undefined}
                >
                  <Img image={imageOf(s.fields, "Image")} sizes="100vw" className="fc-carousel__img" loading={i === 0 ? "eager" : "lazy"} />
                  <div className="fc-carousel__caption">
                    <h3 className="fc-carousel__title">{textOf(s.fields, "Title")}</h3>
                    <RichText fields={s.fields} name="Text" className="fc-carousel__text" />
                    {link && (
                      <FieldLink link={link} className="fc-button fc-button--primary">
                        {link.text}
                      </FieldLink>
                    )}
                  </div>
                </div>
              );
            })}
          </div>
          {n > 1 && (
            <>
              <button type="button" className="fc-carousel__arrow fc-carousel__arrow--prev" aria-controls={`${id}-track`} aria-label={t("previousSlide", "Föregående bild")} onClick={() => go(index - 1)}>
                <Chevron dir="left" />
              </button>
              <button type="button" className="fc-carousel__arrow fc-carousel__arrow--next" aria-controls={`${id}-track`} aria-label={t("nextSlide", "Nästa bild")} onClick={() => go(index + 1)}>
                <Chevron dir="right" />
              </button>
            </>
          )}
        </div>
        {n > 1 && (
          <div className="fc-carousel__controls">
            {interval > 0 && !reduced && (
              <button type="button" className="fc-carousel__pause" onClick={() => setStopped((s) => !s)} aria-label={stopped ? t("startSlideshow", "Starta bildspel") : t("stopSlideshow", "Stoppa bildspel")}>
                {stopped ? "▶" : "❚❚"}
              </button>
            )}
            <div className="fc-carousel__dots">
              {slides.map((s, i) => (
                <button
                  key={s.id}
                  type="button"
                  className="fc-carousel__dot"
                  aria-label={`${t("showSlide", "Visa bild")} ${i + 1}`}
                  aria-current={i === index ? "true" : undefined}
                  onClick={() => go(i)}
                />
              ))}
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
