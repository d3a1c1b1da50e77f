// The staff sign-in at /staff/login: user name and password; errors are
// announced and tied to the fields; success goes to the page asked for.
import { useId, useRef, useState, type FormEvent } from "react";
import { ApiError } from "./api-client";
import { defineMessages, LANGS, fill, useLang, useMessages } from "./i18n";
import { navigate, useLocation } from "./router";
import { useMeState } from "./use-me";

const messages = defineMessages({
  sv: {
    title: "Logga in",
    intro: "För personal på Forecourts bilhallar och verkstäder.",
    account: "Användarnamn",
    password: "Lösenord",
    submit: "Logga in",
    busy: "Loggar in …",
    wrong: "Fel användarnamn eller lösenord.",
    throttled: "För många inloggningsförsök. Försök igen om {minutes} min.",
    missing: "Fyll i användarnamn och lösenord.",
    failed: "Inloggningen misslyckades. Försök igen om en stund.",
    language: "Språk",
  },
  en: {
    title: "Sign in",
    intro: "For staff of Forecourt's dealerships and workshops.",
    account: "User name",
    password: "Password",
    submit: "Sign in",
    busy: "Signing in …",
    wrong: "Wrong user name or password.",
    throttled: "Too many sign-in attempts. Try again in {minutes} min.",
    missing: "Enter your user name and password.",
    failed: "Signing in failed. Please try again in a moment.",
    language: "Language",
  },
});

type State = { kind: "idle" } | { kind: "busy" } | { kind: "error"; message: string };

/** safeNext keeps a post-sign-in target inside the staff app. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith("/staff") || next.startsWith("//") || next.includes("\\")) return "/staff/";
  if (next.startsWith("/staff/login")) return "/staff/";
  return next;
}

export function LoginPage() {
  const t = useMessages(messages);
  const { lang, setLang } = useLang();
  const { signIn } = useMeState();
  const loc = useLocation();
  const [state, setState] = useState<State>({ kind: "idle" });
  const errorId = useId();
  const accountRef = useRef<HTMLInputElement>(null);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const account = String(form.get("account") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!account || !password) {
      setState({ kind: "error", message: t.missing });
      return;
    }
    setState({ kind: "busy" });
    try {
      await signIn(account, password);
      navigate(safeNext(loc.searchParams.get("next")), { replace: true });
    } catch (err) {
      let message = t.failed;
      if (err instanceof ApiError) {
        if (err.status === 401) message = t.wrong;
        else if (err.status === 429) message = fill(t.throttled, { minutes: Math.max(1, Math.ceil(err.retryAfter / 60)) });
        else if (err.status === 400) message = t.missing;
      }
      setState({ kind: "error", message });
      accountRef.current?.focus();
    }
  };
  const invalid = state.kind === "error";
  return (
    <main className="staff-login">
      <div role="group" aria-label={t.language} className="staff-lang staff-lang-login">
        {LANGS.map((l) => (
          <button key={l} type="button" aria-pressed={lang === l} onClick={() => setLang(l)} lang={l}>
            {l === "sv" ? "Svenska" : "English"}
          </button>
        ))}
      </div>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {state.kind === "error" && (
        <p className="staff-error" role="alert" id={errorId}>
          {state.message}
        </p>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="staff-account">{t.account}</label>
        <input
          ref={accountRef}
          id="staff-account"
          name="account"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          autoFocus
        />
        <label htmlFor="staff-password">{t.password}</label>
        <input
          id="staff-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
        />
        <button type="submit" className="staff-button" disabled={state.kind === "busy"}>
          {state.kind === "busy" ? t.busy : t.submit}
        </button>
      </form>
    </main>
  );
}
