// The staff start page: what the signed-in role may do, as links.
import { routes } from "../routes";
import { defineMessages, useLang, useMessages } from "./i18n";
import { Link } from "./router";
import { useMe } from "./use-me";

const messages = defineMessages({
  sv: {
    title: "Hej {account}",
    intro: "Det här kan du göra:",
    editor: "Redigera innehåll: öppna en sida på webbplatsen och logga in i redigeringsläget.",
    editorLink: "Redigeringsläget",
    nothing: "Ditt konto har inga personalsidor ännu.",
  },
  en: {
    title: "Hello {account}",
    intro: "What you can do:",
    editor: "Edit content: open a page of the site and sign in to editing mode.",
    editorLink: "Editing mode",
    nothing: "Your account has no staff pages yet.",
  },
});

export function HomePage() {
  const me = useMe();
  const { lang } = useLang();
  const t = useMessages(messages);
  const items = routes.filter((r) => !r.hidden && r.roles.includes(me.role));
  return (
    <section>
      <h1>{t.title.replace("{account}", me.account)}</h1>
      <p>{t.intro}</p>
      <ul className="staff-cards">
        {items.map((r) => (
          <li key={r.path}>
            <Link href={r.path} className="staff-card">
              <span className="staff-card-title">{r.label[lang]}</span>
              {r.hint && <span className="staff-card-hint">{r.hint[lang]}</span>}
            </Link>
          </li>
        ))}
        {(me.role === "editor" || me.role === "admin") && (
          <li>
            <a href="/editor/login" className="staff-card">
              <span className="staff-card-title">{t.editorLink}</span>
              <span className="staff-card-hint">{t.editor}</span>
            </a>
          </li>
        )}
      </ul>
      {items.length === 0 && me.role !== "editor" && <p>{t.nothing}</p>}
    </section>
  );
}
