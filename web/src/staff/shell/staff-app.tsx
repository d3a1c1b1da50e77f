// The staff app: language, who is signed in, and the page of the
// location. Signed out, every page shows the sign-in (and returns to the
// page asked for); a page the role may not open says so.
import { Suspense, useEffect, useRef } from "react";
import { routeOf } from "../routes";
import { defineMessages, LangProvider, useLang, useMessages } from "./i18n";
import { Layout } from "./layout";
import { HomePage } from "./home-page";
import { LoginPage, safeNext } from "./login-page";
import { navigate, useLocation } from "./router";
import { MeProvider, useMeState } from "./use-me";

const messages = defineMessages({
  sv: {
    loading: "Laddar …",
    notFound: "Sidan finns inte",
    notFoundText: "Det finns ingen personalsida på den här adressen.",
    forbidden: "Du har inte behörighet",
    forbiddenText: "Ditt konto får inte öppna den här sidan.",
    error: "Något gick fel",
    home: "Till startsidan",
    title: "Personal",
  },
  en: {
    loading: "Loading …",
    notFound: "Page not found",
    notFoundText: "There is no staff page at this address.",
    forbidden: "You do not have access",
    forbiddenText: "Your account may not open this page.",
    error: "Something went wrong",
    home: "Back to the start page",
    title: "Staff",
  },
});

export function StaffApp() {
  return (
    <LangProvider>
      <MeProvider>
        <Screen />
      </MeProvider>
    </LangProvider>
  );
}

function Screen() {
  const { state } = useMeState();
  const loc = useLocation();
  const t = useMessages(messages);
  const isLogin = loc.pathname.replace(/\/+$/, "") === "/staff/login";
  useEffect(() => {
    if (state.status === "signed-out" && !isLogin) {
      navigate("/staff/login?next=" + encodeURIComponent(loc.pathname + loc.search), { replace: true });
    }
  }, [state.status, isLogin, loc.pathname, loc.search]);
  useEffect(() => {
    // Signed in already: the sign-in page goes where it was to go.
    if (state.status === "signed-in" && isLogin) navigate(safeNext(loc.searchParams.get("next")), { replace: true });
  }, [state.status, isLogin, loc.searchParams]);
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  if (state.status === "loading") return <p className="staff-loading" role="status">{t.loading}</p>;
  if (state.status === "error") {
    return (
      <main className="staff-login">
        <h1>{t.error}</h1>
        <p role="alert">{state.message}</p>
      </main>
    );
  }
  if (state.status === "signed-out" || (isLogin && state.status !== "signed-in")) return <LoginPage />;
  if (isLogin) return <p className="staff-loading" role="status">{t.loading}</p>;
  return (
    <Layout>
      <Page path={loc.pathname} />
    </Layout>
  );
}

function Page({ path }: { path: string }) {
  const { state } = useMeState();
  const { lang } = useLang();
  const t = useMessages(messages);
  const heading = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  const route = routeOf(path);
  const home = path.replace(/\/+$/, "") === "/staff" || path === "/staff/";
  const me = state.status === "signed-in" ? state.me : null;
  const title = home ? t.title : route ? route.label[lang] : t.notFound;
  useEffect(() => {
    document.title = `${title} | Forecourt`;
    // After a navigation inside the app, focus goes to the new page, so a
    // screen reader reads it and the keyboard starts from its top.
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [path, title]);
  let body;
  if (home) body = <HomePage />;
  else if (!route) body = <Notice title={t.notFound} text={t.notFoundText} home={t.home} />;
  else if (!me || !route.roles.includes(me.role)) body = <Notice title={t.forbidden} text={t.forbiddenText} home={t.home} />;
  else {
    const P = route.page;
    body = (
      <Suspense fallback={<p role="status">{t.loading}</p>}>
        <P />
      </Suspense>
    );
  }
  return (
    <div ref={heading} tabIndex={-1} className="staff-page" aria-label={title}>
      {body}
    </div>
  );
}

function Notice({ title, text, home }: { title: string; text: string; home: string }) {
  return (
    <section className="staff-notice">
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <a href="/staff/">{home}</a>
      </p>
    </section>
  );
}
