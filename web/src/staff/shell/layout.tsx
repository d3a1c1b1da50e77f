// The staff app's frame: a skip link, the header with the navigation the
// role may use, the language switch and sign-out, and the page.
import type { ReactNode } from "react";
import { routes } from "../routes";
import { defineMessages, LANGS, useLang, useMessages } from "./i18n";
import { Link, navigate, useLocation } from "./router";
import { useMe, useMeState } from "./use-me";

const messages = defineMessages({
  sv: {
    skip: "Hoppa till innehållet",
    brand: "Forecourt personal",
    nav: "Personalmeny",
    start: "Start",
    signOut: "Logga ut",
    signedInAs: "Inloggad som {account}",
    language: "Språk",
    roleEditor: "redaktör",
    roleWorkshop: "verkstad",
    roleSales: "försäljning",
    roleAdmin: "administratör",
  },
  en: {
    skip: "Skip to content",
    brand: "Forecourt staff",
    nav: "Staff menu",
    start: "Start",
    signOut: "Sign out",
    signedInAs: "Signed in as {account}",
    language: "Language",
    roleEditor: "editor",
    roleWorkshop: "workshop",
    roleSales: "sales",
    roleAdmin: "admin",
  },
});

export function useRoleName() {
  const t = useMessages(messages);
  return (role: string) =>
    ({ editor: t.roleEditor, workshop: t.roleWorkshop, sales: t.roleSales, admin: t.roleAdmin })[role] ?? role;
}

export function Layout({ children }: { children: ReactNode }) {
  const me = useMe();
  const { signOut } = useMeState();
  const { lang, setLang } = useLang();
  const t = useMessages(messages);
  const roleName = useRoleName();
  const loc = useLocation();
  const current = loc.pathname.replace(/\/+$/, "");
  const items = routes.filter((r) => !r.hidden && r.roles.includes(me.role));
  return (
    <>
      <a className="staff-skip" href="#staff-main">
        {t.skip}
      </a>
      <header className="staff-header">
        <Link className="staff-brand" href="/staff/">
          {t.brand}
        </Link>
        <nav aria-label={t.nav} className="staff-nav">
          <ul>
            <li>
              <Link href="/staff/" aria-current={current === "/staff" ? "page" : undefined}>
                {t.start}
              </Link>
            </li>
            {items.map((r) => (
              <li key={r.path}>
                <Link href={r.path} aria-current={current === r.path ? "page" : undefined}>
                  {r.label[lang]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="staff-user">
          <span className="staff-who">
            {t.signedInAs.replace("{account}", me.account)} <span className="staff-role">({roleName(me.role)})</span>
          </span>
          <div role="group" aria-label={t.language} className="staff-lang">
            {LANGS.map((l) => (
              <button key={l} type="button" aria-pressed={lang === l} onClick={() => setLang(l)} lang={l}>
                {l === "sv" ? "Svenska" : "English"}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="staff-button staff-button-quiet"
            onClick={() => void signOut().then(() => navigate("/staff/login", { replace: true }))}
          >
            {t.signOut}
          </button>
        </div>
      </header>
      <main id="staff-main" className="staff-main">
        {children}
      </main>
    </>
  );
}
