// The audit log at /staff/admin/audit: who did what and when, newest
// first, filtered by account and kind of action, older entries on demand.
import { useEffect, useState, type FormEvent } from "react";
import { ApiError } from "../shell/api-client";
import { fill, formatDateTime, useLang, useMessages } from "../shell/i18n";
import { navigate, useLocation } from "../shell/router";
import { auditQuery, readAudit, type AuditEntry } from "./api";
import { messages } from "./messages";

type State = { kind: "loading" } | { kind: "error"; message: string } | { kind: "ready"; entries: AuditEntry[]; next: number };

const ACTIONS = ["signin", "signout", "account.", "lead.", "booking.", "hours.", "closure.", "tirehotel."] as const;

export default function AuditPage() {
  const t = useMessages(messages);
  const { lang } = useLang();
  const loc = useLocation();
  const account = loc.searchParams.get("account") ?? "";
  const action = loc.searchParams.get("action") ?? "";
  const [state, setState] = useState<State>({ kind: "loading" });
  const label: Record<(typeof ACTIONS)[number], string> = {
    signin: t.a_signin,
    signout: t.a_signout,
    "account.": t.a_account,
    "lead.": t.a_lead,
    "booking.": t.a_booking,
    "hours.": t.a_hours,
    "closure.": t.a_closure,
    "tirehotel.": t.a_tirehotel,
  };

  useEffect(() => {
    const ctl = new AbortController();
    setState({ kind: "loading" });
    readAudit(account, action, 0, ctl.signal)
      .then((p) => setState({ kind: "ready", entries: p.entries, next: p.next }))
      .catch((e: unknown) => {
        if ((e as Error).name !== "AbortError") setState({ kind: "error", message: fill(t.failed, { message: e instanceof ApiError ? e.message : String(e) }) });
      });
    return () => ctl.abort();
  }, [account, action, t.failed]);

  const older = () => {
    if (state.kind !== "ready") return;
    readAudit(account, action, state.next)
      .then((p) => setState({ kind: "ready", entries: [...state.entries, ...p.entries], next: p.next }))
      .catch((e: unknown) => setState({ kind: "error", message: fill(t.failed, { message: String((e as Error).message) }) }));
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    navigate("/staff/admin/audit" + auditQuery(String(form.get("account") ?? "").trim(), String(form.get("action") ?? "")));
  };

  return (
    <section>
      <h1>{t.auditTitle}</h1>
      <p className="staff-muted">{t.auditIntro}</p>
      <form role="search" aria-label={t.auditTitle} className="staff-filters" onSubmit={submit} key={account + "|" + action}>
        <div>
          <label htmlFor="audit-account">{t.filterAccount}</label>
          <input id="audit-account" name="account" defaultValue={account} maxLength={80} autoCapitalize="none" spellCheck={false} />
        </div>
        <div>
          <label htmlFor="audit-action">{t.filterAction}</label>
          <select id="audit-action" name="action" defaultValue={action}>
            <option value="">{t.allActions}</option>
            {ACTIONS.map((a) => (
              <option key={a} value={a}>
                {label[a]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="staff-button">
          {t.show}
        </button>
      </form>
      {state.kind === "loading" && <p role="status">…</p>}
      {state.kind === "error" && (
        <p role="alert" className="staff-error">
          {state.message}
        </p>
      )}
      {state.kind === "ready" &&
        (state.entries.length === 0 ? (
          <p role="status">{t.noEntries}</p>
        ) : (
          <>
            <div className="staff-table-wrap" role="region" aria-label={t.auditLabel} tabIndex={0}>
              <table className="staff-table">
                <thead>
                  <tr>
                    <th scope="col">{t.when}</th>
                    <th scope="col">{t.who}</th>
                    <th scope="col">{t.what}</th>
                    <th scope="col">{t.subject}</th>
                    <th scope="col">{t.detail}</th>
                  </tr>
                </thead>
                <tbody>
                  {state.entries.map((e) => (
                    <tr key={e.id}>
                      <td>
                        <time dateTime={e.at}>{formatDateTime(e.at, lang)}</time>
                      </td>
                      <td>{e.account}</td>
                      <td>
                        <code>{e.action}</code>
                      </td>
                      <td>{e.subject}</td>
                      <td>{e.detail}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {state.next > 0 && (
              <p>
                <button type="button" className="staff-button staff-button-quiet" onClick={older}>
                  {t.older}
                </button>
              </p>
            )}
          </>
        ))}
    </section>
  );
}
