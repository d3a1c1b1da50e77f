// Who is signed in: the shell asks GET /api/staff/me once, keeps the
// answer (with the session's CSRF token for the API client) and offers
// sign-in and sign-out. useMe() is how every staff page learns the role
// and the departments or sites it may see.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { api, ApiError, setSession } from "./api-client";

export type Role = "editor" | "workshop" | "sales" | "admin";

export type Me = {
  account: string;
  role: Role;
  departments: string[];
  sites: string[];
  csrf: string;
};

export type MeState =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "error"; message: string }
  | { status: "signed-in"; me: Me };

type MeContextValue = {
  state: MeState;
  signIn: (account: string, password: string) => Promise<Me>;
  signOut: () => Promise<void>;
  reload: () => void;
};

const MeContext = createContext<MeContextValue | null>(null);

export function MeProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<MeState>({ status: "loading" });
  const toSignedOut = useCallback(() => {
    setSession("", () => undefined);
    setState({ status: "signed-out" });
  }, []);
  const known = useCallback(
    (me: Me) => {
      setSession(me.csrf, toSignedOut);
      setState({ status: "signed-in", me });
    },
    [toSignedOut],
  );
  const reload = useCallback(() => {
    api<Me>("/api/staff/me")
      .then(known)
      .catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 401) toSignedOut();
        else setState({ status: "error", message: e instanceof Error ? e.message : String(e) });
      });
  }, [known, toSignedOut]);
  useEffect(reload, [reload]);
  const value = useMemo<MeContextValue>(
    () => ({
      state,
      reload,
      signIn: async (account, password) => {
        const me = await api<Me>("/api/staff/login", { method: "POST", body: { account, password } });
        known(me);
        return me;
      },
      signOut: async () => {
        try {
          await api<void>("/api/staff/logout", { method: "POST" });
        } finally {
          toSignedOut();
        }
      },
    }),
    [state, reload, known, toSignedOut],
  );
  return <MeContext.Provider value={value}>{children}</MeContext.Provider>;
}

export function useMeState(): MeContextValue {
  const v = useContext(MeContext);
  if (!v) throw new Error("useMe outside MeProvider");
  return v;
}

/** The signed-in staff member (pages under the shell are only shown signed in). */
export function useMe(): Me {
  const { state } = useMeState();
  if (state.status !== "signed-in") throw new Error("useMe: not signed in");
  return state.me;
}
