import { useState } from "react";
import type { BlockProps } from "../../app/block-props";
import { boolOf, textOf } from "../../lib/fields";
import { useT } from "../../lib/page-context";
import { Heading } from "../../components/block-kit/block-kit";
import "./video-embed.css";

/**
 * VideoEmbed shows the YouTube video YoutubeVideoId through
 * youtube-nocookie.com. The player loads only when the visitor presses
 * play (a poster with a play button before), so no third-party content
 * loads uninvited; Autoplay starts it at once (muted).
 */
export function VideoEmbed({ fields }: BlockProps) {
  const t = useT();
  const vid = textOf(fields, "YoutubeVideoId");
  const title = textOf(fields, "Title");
  const [playing, setPlaying] = useState(boolOf(fields, "Autoplay"));
  if (!/^[A-Za-z0-9_-]{6,20}$/.test(vid)) return null;
  const q = new URLSearchParams({ autoplay: "1", mute: boolOf(fields, "Autoplay") ? "1" : "0", controls: "1", rel: "0", playsinline: "1" });
  return (
    <section className="fc-block fc-video-embed">
      <div className="fc-container">
        {title && <Heading fields={fields} className="fc-block__title">{title}</Heading>}
        <div className="fc-video-embed__frame">
          {playing ? (
            <iframe src={`https://www.youtube-nocookie.com/embed/${vid}?${q}`} title={title || "YouTube"} allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen />
          ) : (
            <button type="button" className="fc-video-embed__poster" onClick={() => setPlaying(true)} aria-label={`${t("playVideo", "Spela upp video")}${title ? `: ${title}` : ""}`}>
              <img src={`https://i.ytimg.com/vi/${vid}/hqdefault.jpg`} alt="" loading="lazy" onError={(e) => (e.currentTarget.style.display = "none")} />
              <span className="fc-video-embed__play" aria-hidden="true">
                <svg width="28" height="28" viewBox="0 0 24 24">
                  <path d="M8 5v14l11-7z" fill="currentColor" />
                </svg>
              </span>
            </button>
          )}
        </div>
        {textOf(fields, "Text") && <p className="fc-video-embed__caption">{textOf(fields, "Text")}</p>}
      </div>
    </section>
  );
}
