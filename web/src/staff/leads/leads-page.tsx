// The sales inbox at /staff/leads: the leads of the seller's sites with
// filters (kept in the URL), a CSV of what is shown, and the lead opened
// beside the list (below it on a phone) to mark it contacted, won or lost
// with a note.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ApiError } from "../shell/api-client";
import { fill, formatAge, formatDateTime, useLang, useMessages } from "../shell/i18n";
import { Link, navigate, useLocation } from "../shell/router";
import { useMe } from "../shell/use-me";
import { csvHref, filterQuery, filtersFrom, getLead, KINDS, listLeads, NEXT, STATUSES, updateLead, type Filters, type Lead, type LeadChange, type LeadList, type LeadStatus } from "./api";
import { messages } from "./messages";

type ListState = { kind: "loading" } | { kind: "error"; message: string } | { kind: "ready"; list: LeadList; more: boolean };

type T = typeof messages.sv;

export function statusLabel(t: T, s: LeadStatus): string {
  return { new: t.s_new, contacted: t.s_contacted, won: t.s_won, lost: t.s_lost }[s];
}

function kindLabel(t: T, k: string): string {
  return ({ car: t.k_car, finance: t.k_finance, sellCar: t.k_sellCar, service: t.k_service, formBuilder: t.k_formBuilder } as Record<string, string>)[k] ?? k;
}

function StatusBadge({ status, t }: { status: LeadStatus; t: T }) {
  return <span className={`staff-status staff-status-${status}`}>{statusLabel(t, status)}</span>;
}

function aboutOf(l: Lead, t: T): string {
  if (l.car) return l.car.gone ? fill(t.carGone, { id: l.car.id }) : [l.car.title, l.car.regno].filter(Boolean).join(", ");
  if (l.regno) return `${kindLabel(t, l.kind)}, ${l.regno}`;
  return l.kind === "formBuilder" ? l.form : kindLabel(t, l.kind);
}

export default function LeadsPage() {
  const t = useMessages(messages);
  const { lang } = useLang();
  const loc = useLocation();
  const filters = filtersFrom(loc.searchParams);
  const selected = loc.searchParams.get("lead");
  const key = filterQuery(filters);
  const [state, setState] = useState<ListState>({ kind: "loading" });
  const countId = useId();

  useEffect(() => {
    const ctl = new AbortController();
    setState({ kind: "loading" });
    listLeads(filtersFrom(new URLSearchParams(key)), 0, ctl.signal)
      .then((list) => setState({ kind: "ready", list, more: list.leads.length < list.total }))
      .catch((e: unknown) => {
        if ((e as Error).name !== "AbortError") setState({ kind: "error", message: e instanceof ApiError ? e.message : String(e) });
      });
    return () => ctl.abort();
  }, [key]);

  const loadMore = () => {
    if (state.kind !== "ready") return;
    listLeads(filters, state.list.leads.length)
      .then((page) => {
        const leads = [...state.list.leads, ...page.leads];
        setState({ kind: "ready", list: { ...page, leads }, more: leads.length < page.total });
      })
      .catch((e: unknown) => setState({ kind: "error", message: e instanceof ApiError ? e.message : String(e) }));
  };

  const changed = (lead: Lead) => {
    setState((s) => (s.kind === "ready" ? { ...s, list: { ...s.list, leads: s.list.leads.map((l) => (l.id === lead.id ? lead : l)) } } : s));
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const f: Filters = { site: String(form.get("site") ?? ""), status: String(form.get("status") ?? ""), kind: String(form.get("kind") ?? ""), q: String(form.get("q") ?? "").trim() };
    navigate("/staff/leads" + filterQuery(f));
  };

  const sites = state.kind === "ready" ? state.list.sites : [];
  return (
    <section className="staff-leads">
      <h1>{t.title}</h1>
      <p className="staff-muted">{t.intro}</p>
      <form role="search" aria-label={t.filters} className="staff-filters" onSubmit={submit} key={key}>
        <div>
          <label htmlFor="leads-site">{t.site}</label>
          <select id="leads-site" name="site" defaultValue={filters.site}>
            <option value="">{t.allSites}</option>
            {sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
            {filters.site && !sites.some((s) => s.id === filters.site) && <option value={filters.site}>{filters.site}</option>}
          </select>
        </div>
        <div>
          <label htmlFor="leads-status">{t.status}</label>
          <select id="leads-status" name="status" defaultValue={filters.status}>
            <option value="">{t.allStatuses}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(t, s)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="leads-kind">{t.kind}</label>
          <select id="leads-kind" name="kind" defaultValue={filters.kind}>
            <option value="">{t.allKinds}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(t, k)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="leads-q">{t.search}</label>
          <input id="leads-q" name="q" type="search" defaultValue={filters.q} maxLength={100} placeholder={t.searchHint} />
        </div>
        <button type="submit" className="staff-button">
          {t.apply}
        </button>
        <a className="staff-button staff-button-quiet" href={csvHref(filters)} download>
          {t.csv}
        </a>
      </form>
      <div className={selected ? "staff-split staff-split-open" : "staff-split"}>
        <div>
          {state.kind === "loading" && <p role="status">{t.loading}</p>}
          {state.kind === "error" && (
            <p role="alert" className="staff-error">
              {fill(t.loadFailed, { message: state.message })}
            </p>
          )}
          {state.kind === "ready" && (
            <>
              <p role="status" id={countId}>
                {state.list.total === 1 ? t.countOne : fill(t.count, { n: state.list.total })}
              </p>
              {state.list.total === 0 ? (
                <p>{t.none}</p>
              ) : (
                <div className="staff-table-wrap" role="region" aria-label={t.tableLabel} tabIndex={0}>
                  <table className="staff-table" aria-describedby={countId}>
                    <thead>
                      <tr>
                        <th scope="col">{t.customer}</th>
                        <th scope="col">{t.status}</th>
                        <th scope="col">{t.received}</th>
                        <th scope="col">{t.about}</th>
                        <th scope="col">{t.dealer}</th>
                        <th scope="col">{t.assignee}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {state.list.leads.map((l) => {
                        const name = l.customer.name || l.customer.email || t.anonymous;
                        return (
                          <tr key={l.id} aria-current={l.id === selected ? "true" : undefined}>
                            <th scope="row">
                              <Link href={"/staff/leads" + filterQuery(filters, { lead: l.id })} aria-label={fill(t.open, { name })}>
                                {name}
                              </Link>
                            </th>
                            <td>
                              <StatusBadge status={l.status} t={t} />
                            </td>
                            <td>
                              <time dateTime={l.createdAt} title={formatDateTime(l.createdAt, lang)}>
                                {formatAge(l.createdAt, lang)}
                              </time>
                            </td>
                            <td>{aboutOf(l, t)}</td>
                            <td>{l.dealer?.name ?? l.site}</td>
                            <td>{l.assignee || <span className="staff-muted">{t.unassigned}</span>}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              )}
              {state.more && (
                <p>
                  <button type="button" className="staff-button staff-button-quiet" onClick={loadMore}>
                    {t.more}
                  </button>
                </p>
              )}
            </>
          )}
        </div>
        {selected && <LeadDetail key={selected} id={selected} onChanged={changed} closeHref={"/staff/leads" + key} />}
      </div>
    </section>
  );
}

type DetailState = { kind: "loading" } | { kind: "error"; message: string } | { kind: "ready"; lead: Lead };
type SaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "error"; message: string; fields: Record<string, string> };

function LeadDetail({ id, onChanged, closeHref }: { id: string; onChanged: (l: Lead) => void; closeHref: string }) {
  const t = useMessages(messages);
  const { lang } = useLang();
  const me = useMe();
  const [state, setState] = useState<DetailState>({ kind: "loading" });
  const [save, setSave] = useState<SaveState>({ kind: "idle" });
  const heading = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { note: useId(), noteHint: useId(), assignee: useId(), status: useId(), error: useId() };

  useEffect(() => {
    const ctl = new AbortController();
    getLead(id, ctl.signal)
      .then((lead) => setState({ kind: "ready", lead }))
      .catch((e: unknown) => {
        if ((e as Error).name === "AbortError") return;
        setState({ kind: "error", message: e instanceof ApiError && e.status === 404 ? t.notFound : String((e as Error).message) });
      });
    return () => ctl.abort();
  }, [id, t.notFound]);

  const loaded = state.kind !== "loading";
  useEffect(() => {
    // Opening a lead moves focus to it (below the list on a phone).
    if (loaded) heading.current?.focus();
  }, [loaded]);

  if (state.kind === "loading") return <aside className="staff-panel"><p role="status">…</p></aside>;
  if (state.kind === "error") {
    return (
      <aside className="staff-panel" aria-labelledby={ids.status}>
        <h2 id={ids.status} tabIndex={-1} ref={heading}>
          {fill(t.detail, { id })}
        </h2>
        <p role="alert">{state.message}</p>
        <Link href={closeHref}>{t.close}</Link>
      </aside>
    );
  }
  const l = state.lead;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const change: LeadChange = {};
    const status = String(form.get("status") ?? "");
    if (status && status !== l.status) change.status = status as LeadStatus;
    const note = String(form.get("note") ?? "").trim();
    if (note) change.note = note;
    const assignee = String(form.get("assignee") ?? "").trim();
    if (assignee !== l.assignee) change.assignee = assignee;
    if (Object.keys(change).length === 0) {
      setSave({ kind: "error", message: t.nothingToSave, fields: {} });
      return;
    }
    setSave({ kind: "saving" });
    try {
      const lead = await updateLead(l.id, change);
      setState({ kind: "ready", lead });
      onChanged(lead);
      formRef.current?.reset();
      setSave({ kind: "saved" });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        const lead = await getLead(l.id);
        setState({ kind: "ready", lead });
        onChanged(lead);
        setSave({ kind: "error", message: t.conflict, fields: {} });
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      setSave({ kind: "error", message: fill(t.failed, { message }), fields: err instanceof ApiError ? err.fields : {} });
    }
  };

  const name = l.customer.name || l.customer.email || t.anonymous;
  const answers = Object.entries(l.values ?? {}).filter(([, v]) => v !== "" && v !== null && v !== undefined && typeof v !== "object");
  const fieldErr = save.kind === "error" ? save.fields : {};
  return (
    <aside className="staff-panel" aria-labelledby={ids.status}>
      <h2 id={ids.status} tabIndex={-1} ref={heading}>
        {name} <StatusBadge status={l.status} t={t} />
      </h2>
      <dl>
        <dt>{t.form}</dt>
        <dd>
          {l.kind === "formBuilder" ? l.form : kindLabel(t, l.kind)} <span className="staff-muted">({l.id})</span>
        </dd>
        <dt>{t.received}</dt>
        <dd>
          <time dateTime={l.createdAt}>{formatDateTime(l.createdAt, lang)}</time>
        </dd>
        <dt>{t.dealer}</dt>
        <dd>{l.dealer?.name ?? l.site}</dd>
        {l.car && (
          <>
            <dt>{t.car}</dt>
            <dd>{aboutOf(l, t)}</dd>
          </>
        )}
        {l.regno && !l.car && (
          <>
            <dt>{t.regno}</dt>
            <dd>{l.regno}</dd>
          </>
        )}
        {l.customer.email && (
          <>
            <dt>{t.email}</dt>
            <dd>
              <a href={`mailto:${l.customer.email}`}>{l.customer.email}</a>
            </dd>
          </>
        )}
        {l.customer.phone && (
          <>
            <dt>{t.phone}</dt>
            <dd>
              <a href={`tel:${l.customer.phone.replace(/\s+/g, "")}`}>{l.customer.phone}</a>
            </dd>
          </>
        )}
        {l.message && (
          <>
            <dt>{t.message}</dt>
            <dd className="staff-pre">{l.message}</dd>
          </>
        )}
        <dt>{t.assignee}</dt>
        <dd>{l.assignee || t.unassigned}</dd>
      </dl>
      {answers.length > 0 && (
        <details>
          <summary>{t.allAnswers}</summary>
          <dl>
            {answers.map(([k, v]) => (
              <div key={k} style={{ display: "contents" }}>
                <dt>{k}</dt>
                <dd>{String(v)}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      <h3>{t.work}</h3>
      <form className="staff-form" onSubmit={(e) => void submit(e)} ref={formRef} noValidate>
        <fieldset aria-describedby={fieldErr.status ? ids.error : undefined}>
          <legend>{t.newStatus}</legend>
          <div className="staff-checks">
            <label>
              <input type="radio" name="status" value={l.status} defaultChecked />
              {fill(t.keepStatus, { status: statusLabel(t, l.status) })}
            </label>
            {NEXT[l.status].map((s) => (
              <label key={s}>
                <input type="radio" name="status" value={s} />
                {statusLabel(t, s)}
              </label>
            ))}
          </div>
        </fieldset>
        <label htmlFor={ids.note}>{t.note}</label>
        <textarea
          id={ids.note}
          name="note"
          maxLength={2000}
          aria-describedby={fieldErr.note ? `${ids.noteHint} ${ids.error}` : ids.noteHint}
          aria-invalid={fieldErr.note ? true : undefined}
        />
        <p id={ids.noteHint} className="staff-muted">
          {t.noteHint}
        </p>
        <label htmlFor={ids.assignee}>{t.assignTo}</label>
        <input id={ids.assignee} name="assignee" defaultValue={l.assignee || me.account} maxLength={80} autoComplete="off" aria-invalid={fieldErr.assignee ? true : undefined} />
        <div className="staff-actions">
          <button type="submit" className="staff-button" disabled={save.kind === "saving"}>
            {save.kind === "saving" ? t.saving : t.save}
          </button>
          <Link href={closeHref} className="staff-button staff-button-quiet">
            {t.close}
          </Link>
        </div>
        <div aria-live="polite">
          {save.kind === "saved" && <p className="staff-ok">{t.saved}</p>}
        </div>
        {save.kind === "error" && (
          <p className="staff-error" role="alert" id={ids.error}>
            {save.message}
            {Object.values(save.fields).length > 0 && " " + Object.values(save.fields).join(" ")}
          </p>
        )}
      </form>
      <h3>{t.notes}</h3>
      {l.notes.length === 0 ? (
        <p className="staff-muted">{t.noNotes}</p>
      ) : (
        <ul className="staff-notes">
          {[...l.notes].reverse().map((n) => (
            <li key={n.id}>
              <p className="staff-pre">{n.body}</p>
              <p className="staff-muted">
                {n.account}, <time dateTime={n.createdAt}>{formatDateTime(n.createdAt, lang)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
