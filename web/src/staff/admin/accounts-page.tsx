// The admin's accounts at /staff/admin/accounts: every staff account with
// its role and scope, disable / enable in the row, a form to add one and
// one to change an account (role, scope, new password).
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ApiError } from "../shell/api-client";
import { fill, useMessages } from "../shell/i18n";
import { useMe, type Role } from "../shell/use-me";
import { createAccount, listAccounts, ROLES, splitList, updateAccount, type Account, type AccountChange } from "./api";
import { messages } from "./messages";

type T = typeof messages.sv;
type ListState = { kind: "loading" } | { kind: "error"; message: string } | { kind: "ready"; accounts: Account[] };
type Notice = { kind: "ok"; text: string } | { kind: "error"; text: string } | null;

export function roleLabel(t: T, r: string): string {
  return ({ editor: t.r_editor, workshop: t.r_workshop, sales: t.r_sales, admin: t.r_admin } as Record<string, string>)[r] ?? r;
}

function scopeOf(a: Account, t: T): string {
  const list = a.role === "workshop" ? a.departments : a.sites;
  if (a.role === "admin") return t.every;
  return list.map((x) => (x === "*" ? t.every : x)).join(", ");
}

function errorText(t: T, e: unknown): string {
  return fill(t.failed, { message: e instanceof Error ? e.message : String(e) });
}

export default function AccountsPage() {
  const t = useMessages(messages);
  const me = useMe();
  const [state, setState] = useState<ListState>({ kind: "loading" });
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const rowButtons = useRef(new Map<string, HTMLButtonElement | null>());

  const load = useCallback(() => {
    listAccounts()
      .then((r) => setState({ kind: "ready", accounts: r.accounts }))
      .catch((e: unknown) => setState({ kind: "error", message: errorText(t, e) }));
  }, [t]);
  useEffect(load, [load]);

  const replace = (a: Account) =>
    setState((s) => (s.kind === "ready" ? { kind: "ready", accounts: s.accounts.map((x) => (x.account === a.account ? a : x)) } : s));

  const toggle = async (a: Account) => {
    try {
      const next = await updateAccount(a.account, { disabled: !a.disabled });
      replace(next);
      setNotice({ kind: "ok", text: fill(next.disabled ? t.disabledDone : t.enabledDone, { name: a.account }) });
    } catch (e) {
      setNotice({ kind: "error", text: errorText(t, e) });
    }
  };

  const closeEdit = (name: string) => {
    setEditing(null);
    rowButtons.current.get(name)?.focus();
  };

  return (
    <section>
      <h1>{t.accountsTitle}</h1>
      <p className="staff-muted">{t.accountsIntro}</p>
      <div aria-live="polite">{notice?.kind === "ok" && <p className="staff-ok">{notice.text}</p>}</div>
      {notice?.kind === "error" && (
        <p className="staff-error" role="alert">
          {notice.text}
        </p>
      )}
      {state.kind === "loading" && <p role="status">{t.loading}</p>}
      {state.kind === "error" && (
        <p role="alert" className="staff-error">
          {state.message}
        </p>
      )}
      {state.kind === "ready" && (
        <div className="staff-table-wrap" role="region" aria-label={t.tableLabel} tabIndex={0}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.role}</th>
                <th scope="col">{t.scope}</th>
                <th scope="col">{t.state}</th>
                <th scope="col">{t.source}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {state.accounts.map((a) => (
                <tr key={a.account}>
                  <th scope="row">
                    {a.account} {a.account === me.account && <span className="staff-muted">{t.you}</span>}
                  </th>
                  <td>{roleLabel(t, a.role)}</td>
                  <td>{scopeOf(a, t)}</td>
                  <td>{a.disabled ? <strong>{t.disabled}</strong> : t.active}</td>
                  <td>{a.source === "env" ? t.fromEnv : t.fromAdmin}</td>
                  <td>
                    <div className="staff-actions" style={{ marginTop: 0 }}>
                      <button
                        type="button"
                        className="staff-button staff-button-quiet"
                        aria-label={fill(t.edit, { name: a.account })}
                        ref={(el) => {
                          rowButtons.current.set(a.account, el);
                        }}
                        onClick={() => setEditing(a.account)}
                      >
                        {t.editShort}
                      </button>
                      {a.account !== me.account && (
                        <button
                          type="button"
                          className={a.disabled ? "staff-button staff-button-quiet" : "staff-button staff-button-danger"}
                          aria-label={fill(a.disabled ? t.enable : t.disable, { name: a.account })}
                          onClick={() => void toggle(a)}
                        >
                          {a.disabled ? t.enableShort : t.disableShort}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {state.kind === "ready" && editing && (
        <EditAccount
          key={editing}
          account={state.accounts.find((a) => a.account === editing)!}
          onDone={(a, text) => {
            replace(a);
            setNotice({ kind: "ok", text });
            closeEdit(a.account);
          }}
          onCancel={() => closeEdit(editing)}
        />
      )}
      <AddAccount
        onAdded={(a) => {
          setState((s) => (s.kind === "ready" ? { kind: "ready", accounts: [...s.accounts, a].sort((x, y) => x.account.localeCompare(y.account)) } : s));
          setNotice({ kind: "ok", text: fill(t.added, { name: a.account }) });
        }}
      />
    </section>
  );
}

type FormState = { kind: "idle" } | { kind: "busy" } | { kind: "error"; message: string; fields: Record<string, string> };

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p className="staff-field-error" id={id}>
      {text}
    </p>
  ) : null;
}

/** The role, departments and sites inputs of both forms. */
function ScopeFields({ prefix, role, onRole, account, fields }: { prefix: string; role: Role; onRole: (r: Role) => void; account?: Account; fields: Record<string, string> }) {
  const t = useMessages(messages);
  return (
    <>
      <label htmlFor={`${prefix}-role`}>{t.role}</label>
      <select id={`${prefix}-role`} name="role" value={role} onChange={(e) => onRole(e.target.value as Role)} aria-invalid={fields.role ? true : undefined} aria-describedby={fields.role ? `${prefix}-role-err` : undefined}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {roleLabel(t, r)}
          </option>
        ))}
      </select>
      <FieldError id={`${prefix}-role-err`} text={fields.role} />
      {role === "workshop" && (
        <>
          <label htmlFor={`${prefix}-departments`}>{t.departments}</label>
          <input
            id={`${prefix}-departments`}
            name="departments"
            defaultValue={account?.departments.join(", ") ?? ""}
            aria-describedby={`${prefix}-departments-hint${fields.departments ? ` ${prefix}-departments-err` : ""}`}
            aria-invalid={fields.departments ? true : undefined}
          />
          <p className="staff-muted" id={`${prefix}-departments-hint`}>
            {t.departmentsHint}
          </p>
          <FieldError id={`${prefix}-departments-err`} text={fields.departments} />
        </>
      )}
      {(role === "sales" || role === "editor") && (
        <>
          <label htmlFor={`${prefix}-sites`}>{t.sites}</label>
          <input
            id={`${prefix}-sites`}
            name="sites"
            defaultValue={account?.sites.join(", ") ?? ""}
            aria-describedby={`${prefix}-sites-hint${fields.sites ? ` ${prefix}-sites-err` : ""}`}
            aria-invalid={fields.sites ? true : undefined}
          />
          <p className="staff-muted" id={`${prefix}-sites-hint`}>
            {t.sitesHint}
          </p>
          <FieldError id={`${prefix}-sites-err`} text={fields.sites} />
        </>
      )}
    </>
  );
}

function scopeFrom(form: FormData, role: Role) {
  return {
    departments: role === "workshop" ? splitList(String(form.get("departments") ?? "")) : [],
    sites: role === "sales" || role === "editor" ? splitList(String(form.get("sites") ?? "")) : [],
  };
}

function AddAccount({ onAdded }: { onAdded: (a: Account) => void }) {
  const t = useMessages(messages);
  const [role, setRole] = useState<Role>("sales");
  const [state, setState] = useState<FormState>({ kind: "idle" });
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setState({ kind: "busy" });
    try {
      const a = await createAccount({
        account: String(form.get("account") ?? "").trim(),
        password: String(form.get("password") ?? ""),
        role,
        ...scopeFrom(form, role),
      });
      formRef.current?.reset();
      setState({ kind: "idle" });
      onAdded(a);
    } catch (err) {
      setState({ kind: "error", message: errorText(t, err), fields: err instanceof ApiError ? err.fields : {} });
    }
  };
  const fields = state.kind === "error" ? state.fields : {};
  return (
    <section className="staff-panel" aria-labelledby={headingId} style={{ marginTop: 24, maxWidth: 640 }}>
      <h2 id={headingId}>{t.addTitle}</h2>
      <form className="staff-form" onSubmit={(e) => void submit(e)} ref={formRef} noValidate>
        {state.kind === "error" && (
          <p className="staff-error" role="alert">
            {state.message}
          </p>
        )}
        <label htmlFor="new-account">{t.name}</label>
        <input id="new-account" name="account" autoComplete="off" autoCapitalize="none" spellCheck={false} aria-invalid={fields.account ? true : undefined} aria-describedby={fields.account ? "new-account-err" : undefined} />
        <FieldError id="new-account-err" text={fields.account} />
        <label htmlFor="new-password">{t.password}</label>
        <input id="new-password" name="password" type="password" autoComplete="new-password" aria-invalid={fields.password ? true : undefined} aria-describedby={`new-password-hint${fields.password ? " new-password-err" : ""}`} />
        <p className="staff-muted" id="new-password-hint">
          {t.passwordHint}
        </p>
        <FieldError id="new-password-err" text={fields.password} />
        <ScopeFields prefix="new" role={role} onRole={setRole} fields={fields} />
        <div className="staff-actions">
          <button type="submit" className="staff-button" disabled={state.kind === "busy"}>
            {state.kind === "busy" ? t.adding : t.add}
          </button>
        </div>
      </form>
    </section>
  );
}

function EditAccount({ account, onDone, onCancel }: { account: Account; onDone: (a: Account, text: string) => void; onCancel: () => void }) {
  const t = useMessages(messages);
  const me = useMe();
  const [role, setRole] = useState<Role>(account.role);
  const [state, setState] = useState<FormState>({ kind: "idle" });
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => heading.current?.focus(), []);
  const send = async (ch: AccountChange, text: string) => {
    setState({ kind: "busy" });
    try {
      onDone(await updateAccount(account.account, ch), text);
    } catch (err) {
      setState({ kind: "error", message: errorText(t, err), fields: err instanceof ApiError ? err.fields : {} });
    }
  };
  const saveScope = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void send({ role, ...scopeFrom(new FormData(e.currentTarget), role) }, fill(t.saved, { name: account.account }));
  };
  const savePassword = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void send({ password: String(new FormData(e.currentTarget).get("password") ?? "") }, fill(t.passwordSet, { name: account.account }));
  };
  const fields = state.kind === "error" ? state.fields : {};
  return (
    <section className="staff-panel" aria-labelledby={headingId} style={{ marginTop: 24, maxWidth: 640 }}>
      <h2 id={headingId} tabIndex={-1} ref={heading}>
        {fill(t.editTitle, { name: account.account })}
      </h2>
      {state.kind === "error" && (
        <p className="staff-error" role="alert">
          {state.message}
        </p>
      )}
      {account.account !== me.account && (
        <form className="staff-form" onSubmit={saveScope} noValidate>
          <ScopeFields prefix="edit" role={role} onRole={setRole} account={account} fields={fields} />
          <div className="staff-actions">
            <button type="submit" className="staff-button" disabled={state.kind === "busy"}>
              {t.saveChanges}
            </button>
          </div>
        </form>
      )}
      <form className="staff-form" onSubmit={savePassword} noValidate style={{ marginTop: 16 }}>
        <label htmlFor="edit-password">{t.newPassword}</label>
        <input id="edit-password" name="password" type="password" autoComplete="new-password" aria-invalid={fields.password ? true : undefined} aria-describedby={`edit-password-hint${fields.password ? " edit-password-err" : ""}`} />
        <p className="staff-muted" id="edit-password-hint">
          {t.passwordHint}
        </p>
        <FieldError id="edit-password-err" text={fields.password} />
        <div className="staff-actions">
          <button type="submit" className="staff-button" disabled={state.kind === "busy"}>
            {t.setPassword}
          </button>
          <button type="button" className="staff-button staff-button-quiet" onClick={onCancel}>
            {t.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
