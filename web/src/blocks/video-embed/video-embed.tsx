import type { BlockProps } from "../../app/block-props";
import { boolOf, Img, imageOf, textOf } from "../../lib/fields";
import { Heading } from "../../components/block-kit/block-kit";
import { YouTubeEmbed } from "../../components/consent/youtube-embed";
import "./video-embed.css";

/**
 * VideoEmbed shows the YouTube video YoutubeVideoId through
 * youtube-nocookie.com. Nothing loads from YouTube before the visitor
 * presses play and has consented to marketing cookies (YouTubeEmbed): until
 * then the local poster Image (if set) with a play button. Autoplay starts
 * the player muted once it loads.
 */
export function VideoEmbed({ fields }: BlockProps) {
  const vid = textOf(fields, "YoutubeVideoId");
  const title = textOf(fields, "Title");
  const poster = imageOf(fields, "Image");
  const params = { autoplay: "1", mute: boolOf(fields, "Autoplay") ? "1" : "0", controls: "1", rel: "0", playsinline: "1" };
  if (!vid) return null;
  return (
    <section className="fc-block fc-video-embed">
      <div className="fc-container">
        {title && <Heading fields={fields} className="fc-block__title">{title}</Heading>}
        <div className="fc-video-embed__frame">
          <YouTubeEmbed id={vid} title={title} params={params} poster={<Img image={poster} name="Image" sizes="(max-width: 1100px) 100vw, 1100px" className="fc-youtube__poster" />} start={boolOf(fields, "Autoplay")} />
        </div>
        {textOf(fields, "Text") && <p className="fc-video-embed__caption">{textOf(fields, "Text")}</p>}
      </div>
    </section>
  );
}
