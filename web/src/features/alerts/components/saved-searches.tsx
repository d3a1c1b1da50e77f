// The saved-searches page (component name SavedSearches): confirms a saved
// search, unsubscribes, and lists an address's searches with their
// frequency and a delete button, from the signed links in the alert mails.
import { useEffect, useRef } from "react";
import { useT } from "../../../lib/page-context";
import type { BlockProps } from "../../../app/block-props";
import { useManage } from "../hooks/use-manage";
import type { Frequency, ManageState, Notice, SavedSearch } from "../types";
import { FrequencyChoice } from "./frequency-choice";
import "../alerts.css";

const NOTICE_KEYS: Record<Notice, [string, string]> = {
  confirmed: ["alertsConfirmed", "Tack! Din bevakning är startad."],
  unsubscribed: ["alertsUnsubscribed", "Bevakningen är avslutad."],
  deleted: ["alertsDeleted", "Bevakningen är borttagen."],
  saved: ["alertsSaved", "Ändringen är sparad."],
};

export function SavedSearches(_: BlockProps) {
  const t = useT();
  const { state, change, remove } = useManage();
  const heading = useRef<HTMLHeadingElement>(null);
  const notice = "notice" in state ? state.notice : undefined;
  useEffect(() => {
    // A confirmation or unsubscribe is the page's news: move focus to it.
    if (notice === "confirmed" || notice === "unsubscribed") heading.current?.focus();
  }, [notice]);
  return (
    <section className="fc-container fc-saved-searches" aria-busy={state.kind === "loading"}>
      <h1 className="fc-page-title" ref={heading} tabIndex={-1}>{t("alertsManageTitle", "Mina bevakningar")}</h1>
      <div role="status" className="fc-saved-searches__status">
        {notice && <p className="fc-form__done">{t(...NOTICE_KEYS[notice])}</p>}
      </div>
      <Body state={state} change={change} remove={remove} />
    </section>
  );
}

function Body({ state, change, remove }: { state: ManageState; change: (id: string, f: Frequency) => void; remove: (id: string) => void }) {
  const t = useT();
  switch (state.kind) {
    case "loading":
      return <p className="fc-saved-searches__muted">{t("alertsLoading", "Laddar…")}</p>;
    case "noToken":
      return <p className="fc-saved-searches__muted">{t("alertsManageNoToken", "")}</p>;
    case "failed":
      return (
        <p className="fc-form__banner" role="alert">
          {state.reason === "expired" ? t("alertsLinkExpired", "") : state.reason === "invalid" ? t("alertsLinkInvalid", "") : t("alertsError", "Något gick fel, försök igen.")}
        </p>
      );
    case "ready":
      return (
        <>
          <p className="fc-saved-searches__intro">{t("alertsManageIntro", "{email}", { email: state.email })}</p>
          {state.searches.length === 0 ? (
            <p className="fc-saved-searches__muted">{t("alertsManageEmpty", "")}</p>
          ) : (
            <ul className="fc-saved-searches__list">
              {state.searches.map((s) => (
                <SearchRow key={s.id} s={s} change={change} remove={remove} />
              ))}
            </ul>
          )}
        </>
      );
  }
}

function SearchRow({ s, change, remove }: { s: SavedSearch; change: (id: string, f: Frequency) => void; remove: (id: string) => void }) {
  const t = useT();
  const list = t("pathToCarList", "/bilar");
  const href = s.query ? `${list}?${s.query}` : list;
  const labelId = `fc-ss-${s.id}`;
  return (
    <li className="fc-saved-searches__item">
      <div className="fc-saved-searches__what">
        <h2 id={labelId} className="fc-saved-searches__label">{s.label}</h2>
        {!s.confirmedAt && <span className="fc-saved-searches__pending">{t("alertsPending", "Väntar på bekräftelse")}</span>}
        <a className="fc-saved-searches__show" href={href}>{t("alertsShowCars", "Visa bilarna")}</a>
      </div>
      <FrequencyChoice className="fc-saved-searches__freq" value={s.frequency} onChange={(f) => change(s.id, f)} t={t} describedBy={labelId} />
      <button type="button" className="fc-button fc-button--secondary fc-saved-searches__delete" aria-describedby={labelId} onClick={() => remove(s.id)}>
        {t("alertsDelete", "Ta bort")}
      </button>
    </li>
  );
}
