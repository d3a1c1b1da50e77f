// The editing-mode toolbar: who is editing, Publish for the page and a
// sign-out form. Rendered only in editing mode.
import { useState } from "react";
import { usePage, usePageContext } from "../../lib/page-context";
import { csrfToken, publishPage } from "./editor-api";

type State = { kind: "idle" } | { kind: "publishing" } | { kind: "done"; count: number } | { kind: "error"; message: string };

export function EditorBar() {
  const page = usePage();
  const { navigate } = usePageContext();
  const [state, setState] = useState<State>({ kind: "idle" });
  const itemId = page.sitecore.route?.itemId ?? "";
  const publish = async () => {
    setState({ kind: "publishing" });
    try {
      const r = await publishPage(itemId, page.site.language);
      setState({ kind: "done", count: r.published });
      navigate(window.location.href, { replace: true, scroll: false });
    } catch (err) {
      setState({ kind: "error", message: err instanceof Error ? err.message : "Kunde inte publicera." });
    }
  };
  const signOut = async () => {
    const token = await csrfToken().catch(() => "");
    await fetch("/editor/logout", { method: "POST", headers: { "X-CSRF-Token": token }, credentials: "same-origin" });
    window.location.assign(page.path || "/");
  };
  const visitorURL = page.path + (page.query ? "?" + new URLSearchParams(page.query.split("&").filter((p) => !p.startsWith("mode=")).join("&")).toString() : "");
  return (
    <div className="fc-editor-bar" role="region" aria-label="Redigeringsläge">
      <strong>Redigeringsläge</strong>
      <span>Ändringar sparas som utkast tills du publicerar.</span>
      <span className="fc-editor-bar__status" role="status" aria-live="polite">
        {state.kind === "publishing" && "Publicerar…"}
        {state.kind === "done" && (state.count > 0 ? `Publicerat (${state.count} ändringar).` : "Inga utkast att publicera.")}
        {state.kind === "error" && state.message}
      </span>
      <button type="button" className="fc-button fc-button--primary" onClick={publish} disabled={!itemId || state.kind === "publishing"}>
        Publicera
      </button>
      <a className="fc-button fc-button--ghost" href={visitorURL || "/"} data-reload>
        Visa som besökare
      </a>
      <button type="button" className="fc-button fc-button--ghost" onClick={signOut}>
        Logga ut
      </button>
    </div>
  );
}
