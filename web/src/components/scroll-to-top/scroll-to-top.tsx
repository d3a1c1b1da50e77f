import { useEffect, useState } from "react";
import { useT } from "../../lib/page-context";

/** SCROLL_TO_TOP_THRESHOLD is the scroll offset (px) after which the button shows. */
export const SCROLL_TO_TOP_THRESHOLD = 528;

/** ScrollToTop shows a bottom-left button once the page is scrolled past 528 px. */
export function ScrollToTop() {
  const t = useT();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const on = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD);
    on();
    window.addEventListener("scroll", on, { passive: true });
    return () => window.removeEventListener("scroll", on);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="fc-scroll-top"
      aria-label={t("scrollToTop", "Till toppen")}
      onClick={() => {
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
        <path d="M10 4l-7 7 1.4 1.4L10 6.8l5.6 5.6L17 11z" fill="currentColor" />
      </svg>
    </button>
  );
}
