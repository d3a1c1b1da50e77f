import { useRef, useState, useEffect } from "react";
import type { BlockProps } from "../../app/block-props";
import { FieldLink, Img, RichText, boolOf, imageOf, linkOf, textOf } from "../../lib/fields";
import { useMediaQuery, usePrefersReducedMotion } from "../../lib/hooks";
import { useAnimateOnce, animClass } from "../../lib/in-view";
import { useT } from "../../lib/page-context";
import type { Fields } from "../../lib/types";
import { Heading, bgClass, mediaSrc } from "../../components/block-kit/block-kit";
import { YouTubeEmbed } from "../../components/consent/youtube-embed";
import "./blurb.css";

/** PHONE_MAX is the widest viewport that gets the phone image and video (spec breakpoint 768). */
const PHONE_QUERY = "(max-width: 767px)";

/**
 * Blurb is text beside an image, a video or a YouTube embed. Two variants:
 * component `Blurb` (side by side) and `Blurb2` (media full width of its
 * half with the text on an overlapping card); a `Variant: 2` param on `Blurb`
 * gives the same. Reverse puts the media on the left.
 */
export function Blurb({ fields, params }: BlockProps) {
  return <BlurbView fields={fields} params={params} variant={params.Variant === "2" || params.Variant === "Variant2" ? 2 : 1} />;
}

/** Blurb2 is the second blurb variant. */
export function Blurb2({ fields, params }: BlockProps) {
  return <BlurbView fields={fields} params={params} variant={2} />;
}

function BlurbView({ fields, params, variant }: { fields: Fields; params: Record<string, string>; variant: 1 | 2 }) {
  const textRef = useRef<HTMLDivElement>(null);
  const mediaRef = useRef<HTMLDivElement>(null);
  const textAnim = useAnimateOnce(textRef, boolOf(fields, "UseTextAnimations"));
  const mediaAnim = useAnimateOnce(mediaRef, boolOf(fields, "UseMediaAnimations"));
  const title = textOf(fields, "Title");
  const link = linkOf(fields, "Link");
  const reverse = boolOf(fields, "Reverse") || params.Reverse === "1";
  const bg = bgClass(fields, params);
  const classes = ["fc-blurb", `fc-blurb--v${variant}`, reverse ? "fc-blurb--reverse" : "", bg, bg ? "" : "fc-blurb--plain"].filter(Boolean).join(" ");
  return (
    <section className={classes}>
      <div className="fc-container fc-blurb__grid">
        <div ref={mediaRef} className={`fc-blurb__media ${animClass("fc-anim-media", mediaAnim)}`}>
          <BlurbMedia fields={fields} />
        </div>
        <div ref={textRef} className={`fc-blurb__text ${animClass("fc-anim", textAnim)}`}>
          {title && <Heading fields={fields} className="fc-blurb__title">{title}</Heading>}
          <RichText fields={fields} name="RichText" className="fc-blurb__body" />
          {link && (
            <FieldLink link={link} name="Link" className={`fc-button ${bg.includes("--2") ? "fc-button--ghost-contrast" : "fc-button--primary"}`}>
              {link.text}
            </FieldLink>
          )}
        </div>
      </div>
    </section>
  );
}

/** BlurbMedia picks the YouTube embed, else the video, else the image (phone sources below 768 px). */
export function BlurbMedia({ fields }: { fields: Fields }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const reduced = usePrefersReducedMotion();
  const youtube = textOf(fields, "YoutubeID");
  const controls = boolOf(fields, "HasControlBar");
  const image = (isPhone && imageOf(fields, "ImagePhone")) || imageOf(fields, "ImageDesktop");
  const imageName = isPhone ? "ImagePhone" : "ImageDesktop";
  if (youtube) {
    // Muted autoplay (looping) once marketing consent allows YouTube; until
    // then the blurb's image is the local poster of the consent gate.
    const autoplay = textOf(fields, "YoutubeAutoplay") !== "0" && !reduced;
    const q: Record<string, string> = { autoplay: autoplay ? "1" : "0", mute: "1", controls: controls ? "1" : "0", playsinline: "1", rel: "0" };
    if (autoplay) Object.assign(q, { loop: "1", playlist: youtube });
    return (
      <div className="fc-blurb__frame">
        <YouTubeEmbed
          id={youtube}
          title={textOf(fields, "Title")}
          params={q}
          start={autoplay}
          poster={<Img image={image} name={imageName} sizes="(max-width: 767px) 100vw, 50vw" className="fc-youtube__poster" />}
        />
      </div>
    );
  }
  const video = (isPhone && mediaSrc(fields, "VideoPhone")) || mediaSrc(fields, "VideoDesktop");
  if (video) return <BlurbVideo src={video} controls={controls} title={textOf(fields, "Title")} />;
  return <Img image={image} name={imageName} sizes="(max-width: 767px) 100vw, 50vw" className="fc-blurb__img" />;
}

/** BlurbVideo plays muted and looping (not with reduced motion) with play/pause and mute toggles. */
function BlurbVideo({ src, controls, title }: { src: string; controls: boolean; title: string }) {
  const t = useT();
  const ref = useRef<HTMLVideoElement>(null);
  const reduced = usePrefersReducedMotion();
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(true);
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    if (reduced) {
      v.pause();
      return;
    }
    v.play?.()?.catch(() => setPlaying(false));
  }, [reduced, src]);
  return (
    <div className="fc-blurb__frame">
      <video
        ref={ref}
        src={src}
        muted={muted}
        loop
        playsInline
        autoPlay={false}
        controls={controls}
        aria-label={title || undefined}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      {!controls && (
        <div className="fc-blurb__video-buttons">
          <button type="button" aria-pressed={playing} aria-label={playing ? t("pause", "Pausa") : t("play", "Spela upp")} onClick={() => (playing ? ref.current?.pause() : ref.current?.play())}>
            {playing ? "❚❚" : "▶"}
          </button>
          <button
            type="button"
            aria-pressed={!muted}
            aria-label={muted ? t("unmute", "Slå på ljud") : t("mute", "Stäng av ljud")}
            onClick={() => setMuted((m) => !m)}
          >
            {muted ? "🔇" : "🔊"}
          </button>
        </div>
      )}
    </div>
  );
}
