import { useEffect, useId, useState, type ReactNode } from "react";
import { useT } from "../../lib/page-context";
import type { ConsentChoice } from "./consent-choice";
import "./youtube-embed.css";

// The consent layer (main bundle) publishes the marketing choice on <html>
// (publishConsent) and announces changes and opens its settings by these
// event names (consent-choice.ts; a test keeps them equal). This block chunk
// reads them by name instead of importing consent-choice: any import of it
// from a block chunk makes the bundler split three modules out of the main
// bundle, +1.4 KB first-load JS on every page.
export const CONSENT_EVENT = "forecourt:consent";
export const OPEN_SETTINGS_EVENT = "forecourt:consent-settings";
const marketingAllowed = () => document.documentElement.dataset.consentMarketing === "true";

/** YOUTUBE_ID is the shape of a YouTube video id; anything else renders nothing. */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

/**
 * EmbedState: the local poster (nothing loaded from YouTube), waiting for the
 * visitor's answer in the consent settings, refused, or the player.
 */
type EmbedState = "poster" | "asking" | "refused" | "player";

export interface YouTubeEmbedProps {
  id: string;
  /** title names the frame and the play button. */
  title: string;
  /** params are the player's query parameters (autoplay, mute, controls…). */
  params: Record<string, string>;
  /** poster is a local picture (an img with class fc-youtube__poster) shown until the player loads; none: a plain surface. */
  poster?: ReactNode;
  /** start loads the player at once when marketing consent is already given (muted autoplay blurbs). */
  start?: boolean;
}

/**
 * YouTubeEmbed is a YouTube player through youtube-nocookie.com that loads
 * nothing from YouTube (frame, poster, scripts) before the visitor has
 * consented to marketing cookies, the consent category of third-party media
 * that set cookies: until then it shows a local poster, a play button and a
 * note that playing loads the video from YouTube and asks for consent.
 * Pressing play with consent loads the player; without it opens the
 * consent settings, and the player loads once marketing is allowed there.
 */
export function YouTubeEmbed({ id, title, params, poster, start = false }: YouTubeEmbedProps) {
  const t = useT();
  const [state, setState] = useState<EmbedState>("poster");
  const noteId = useId();

  // With consent given earlier, a `start` embed loads after hydration.
  useEffect(() => {
    if (start && marketingAllowed()) setState("player");
  }, [start]);

  // While asking, the consent layer's answer decides.
  useEffect(() => {
    if (state !== "asking") return;
    const onConsent = (e: Event) => setState((e as CustomEvent<ConsentChoice>).detail.marketing ? "player" : "refused");
    window.addEventListener(CONSENT_EVENT, onConsent);
    return () => window.removeEventListener(CONSENT_EVENT, onConsent);
  }, [state]);

  if (!YOUTUBE_ID.test(id)) return null;

  const play = () => {
    if (marketingAllowed()) {
      setState("player");
      return;
    }
    setState("asking");
    window.dispatchEvent(new CustomEvent(OPEN_SETTINGS_EVENT));
  };

  if (state === "player") {
    const q = new URLSearchParams(params);
    return (
      <div className="fc-youtube">
        <iframe src={`https://www.youtube-nocookie.com/embed/${id}?${q}`} title={title || "YouTube"} allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen />
      </div>
    );
  }
  const label = `${t("playVideo", "Spela upp video")}${title ? `: ${title}` : ""}`;
  return (
    <div className="fc-youtube" data-state={state}>
      {poster}
      <div className="fc-youtube__gate">
        <button type="button" className="fc-youtube__play" onClick={play} aria-label={label} aria-describedby={noteId}>
          <svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </button>
        {/* A status: a refusal replaces the note and is announced. */}
        <p className="fc-youtube__note" id={noteId} role="status">
          {state === "refused"
            ? t("videoConsentRefused", "Utan samtycke till marknadsföringscookies kan videon inte visas.")
            : t("videoConsentNote", "Uppspelning hämtar videon från YouTube och frågar om ditt samtycke till marknadsföringscookies.")}
        </p>
      </div>
    </div>
  );
}
