// The saved-searches page's flow: the link in a mail carries ?confirm=,
// ?unsubscribe= or ?token= (manage). The page acts on it after it has
// loaded (an effect), so a mail scanner that only fetches the link neither
// confirms nor unsubscribes anything; the address then shows ?token= with
// the manage token so a reload lists the searches again.
import { useCallback, useEffect, useState } from "react";
import { confirmSearch, deleteSearch, listSearches, setFrequency, TokenProblem, unsubscribe, type Managed } from "../api/alerts";
import type { Frequency, ManageState, Notice } from "../types";

function failed(err: unknown): ManageState {
  return { kind: "failed", reason: err instanceof TokenProblem ? err.reason : "error" };
}

export function useManage() {
  const [state, setState] = useState<ManageState>({ kind: "loading" });

  const show = useCallback((token: string, m: Managed, notice?: Notice) => {
    setState({ kind: "ready", token, email: m.email, searches: m.searches, notice });
  }, []);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    let cancelled = false;
    const keep = (token: string) => {
      const u = new URL(window.location.href);
      u.search = `?token=${encodeURIComponent(token)}`;
      window.history.replaceState(window.history.state, "", u.toString());
    };
    async function run() {
      let token = params.get("token") ?? "";
      let notice: Notice | undefined;
      try {
        if (params.get("confirm")) {
          token = (await confirmSearch(params.get("confirm")!)).manageToken;
          notice = "confirmed";
        } else if (params.get("unsubscribe")) {
          token = (await unsubscribe(params.get("unsubscribe")!)).manageToken;
          notice = "unsubscribed";
        }
        if (!token) {
          if (!cancelled) setState({ kind: "noToken", notice });
          return;
        }
        const m = await listSearches(token);
        if (cancelled) return;
        keep(token);
        show(token, m, notice);
      } catch (err) {
        if (!cancelled) setState(failed(err));
      }
    }
    run();
    return () => {
      cancelled = true;
    };
  }, [show]);

  const change = useCallback(
    async (id: string, f: Frequency) => {
      if (state.kind !== "ready") return;
      try {
        show(state.token, await setFrequency(state.token, id, f), "saved");
      } catch (err) {
        setState(failed(err));
      }
    },
    [state, show],
  );

  const remove = useCallback(
    async (id: string) => {
      if (state.kind !== "ready") return;
      try {
        show(state.token, await deleteSearch(state.token, id), "deleted");
      } catch (err) {
        setState(failed(err));
      }
    },
    [state, show],
  );

  return { state, change, remove };
}
