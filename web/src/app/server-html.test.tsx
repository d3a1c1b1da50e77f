import { describe, it, expect } from "vitest";
import { renderHTML, withoutSrcsetPreloads } from "./server-html";

describe("renderHTML", () => {
  it("drops React's preload of a srcset picture and keeps the one of a plain URL", () => {
    const html = renderHTML(
      <main>
        <img src="/logo.svg" alt="" fetchPriority="high" />
        <img src="/_img?w=1280" srcSet="/_img?w=640 640w, /_img?w=1280 1280w, /_img?w=1920 1920w" sizes="60vw" alt="" fetchPriority="high" />
        <img src="/_img?w=640" srcSet="/_img?w=640 640w" sizes="33vw" alt="" />
      </main>,
    );
    expect(html).toMatch(/^<link rel="preload" as="image" href="\/logo.svg" fetchPriority="high"\/><main>/);
    expect(html).not.toMatch(/imageSrcSet/);
    // The pictures themselves are untouched.
    expect(html).toContain('srcSet="/_img?w=640 640w, /_img?w=1280 1280w, /_img?w=1920 1920w" sizes="60vw"');
  });

  it("leaves HTML without leading links as it is", () => {
    const html = '<div><link rel="preload" as="image" imageSrcSet="a 1x"/></div>';
    expect(withoutSrcsetPreloads(html)).toBe(html);
  });
});
