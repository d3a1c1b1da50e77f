// /staff/tirehotel: look up a tyre-hotel agreement by plate (only the
// member's departments answer), see its tyres and earlier checks, and record
// the tread depths and a verdict after a wheel change; the customer then
// sees them in the tyre-hotel portal.
import { useEffect, useState } from "react";
import { Button, FieldError, I18nProvider, Input, Label, NumberField, Radio, RadioGroup, Text, TextArea, TextField, Group } from "react-aria-components";
import { addInspection, fetchAgreement, fetchDepartmentNames } from "../api/tirehotel-api";
import { ApiError } from "../../shell/api-client";
import { useLang as useShellLang } from "../../shell/i18n";
import { navigate } from "../../shell/router";
import { TEXTS, type Lang, type Texts } from "../texts";
import { inspectionOf, normalizePlate, positionOf, startDepths, suggestVerdict, validPlate, NOTE_MAX, TREAD_MAX, type InspectionErrors } from "../tyres";
import { POSITIONS, type Agreement, type Inspection, type Position, type TreadStatus } from "../types";
import "../style";

type Lookup =
  | { name: "idle" }
  | { name: "searching"; plate: string }
  | { name: "notfound"; plate: string }
  | { name: "failed" }
  | { name: "found"; agreement: Agreement };

function useLang(): { lang: Lang; t: Texts } {
  const { lang } = useShellLang();
  return { lang, t: TEXTS[lang] };
}

export function TirehotelPage() {
  const { lang, t } = useLang();
  const [plate, setPlate] = useState(() => normalizePlate(new URLSearchParams(window.location.search).get("regno") ?? ""));
  const [plateError, setPlateError] = useState("");
  const [lookup, setLookup] = useState<Lookup>({ name: "idle" });
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    const ctl = new AbortController();
    fetchDepartmentNames(ctl.signal).then(setNames, () => undefined);
    return () => ctl.abort();
  }, []);

  const search = async (p: string) => {
    if (!p) return setPlateError(t.plateRequired);
    if (!validPlate(p)) return setPlateError(t.plateInvalid);
    setPlateError("");
    setLookup({ name: "searching", plate: p });
    navigate(`${window.location.pathname}?${new URLSearchParams({ regno: p })}`, { replace: true });
    try {
      setLookup({ name: "found", agreement: await fetchAgreement(p) });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 403)) setLookup({ name: "notfound", plate: p });
      else if (err instanceof ApiError && err.status === 400 && err.fields.regno) setPlateError(err.fields.regno);
      else setLookup({ name: "failed" });
    }
  };

  return (
    <I18nProvider locale={lang === "sv" ? "sv-SE" : "en-GB"}>
    <div className="th-page">
      <h1 className="th-title">{t.title}</h1>
      <p className="th-lead">{t.lead}</p>
      <form className="th-search" role="search" noValidate onSubmit={(e) => { e.preventDefault(); void search(plate); }}>
        <TextField className="th-field" value={plate} onChange={(v) => { setPlate(normalizePlate(v)); setPlateError(""); }} isInvalid={Boolean(plateError)} validationBehavior="aria" maxLength={10}>
          <Label className="th-label">{t.plate}</Label>
          <Input className="th-input th-input--plate" autoComplete="off" spellCheck={false} />
          <Text slot="description" className="th-help">{t.plateHelp}</Text>
          <FieldError className="th-error">{plateError}</FieldError>
        </TextField>
        <Button type="submit" className="th-button th-button--primary" isDisabled={lookup.name === "searching"}>{t.search}</Button>
      </form>
      <div role="status" className="th-status">
        {lookup.name === "searching" && t.searching}
        {lookup.name === "notfound" && t.notFound(lookup.plate)}
      </div>
      {lookup.name === "failed" && <p role="alert" className="th-error">{t.failed}</p>}
      {lookup.name === "found" && (
        <AgreementView key={lookup.agreement.id} agreement={lookup.agreement} names={names} lang={lang} t={t}
          onInspected={(ins) => setLookup({ name: "found", agreement: withInspection(lookup.agreement, ins) })} />
      )}
    </div>
    </I18nProvider>
  );
}

/** withInspection shows a just-saved check at once: first in the history, its depths on the tyres. */
function withInspection(a: Agreement, ins: Inspection): Agreement {
  return {
    ...a,
    tyres: a.tyres.map((ty) => {
      const p = positionOf(ty.position);
      const d = p ? ins.treadMm[p] : undefined;
      return typeof d === "number" ? { ...ty, treadMm: d } : ty;
    }),
    status: ins.status,
    inspections: [ins, ...a.inspections],
  };
}

function departmentName(a: Agreement, names: Record<string, string>): string {
  const id = typeof a.department === "string" ? a.department : a.department.id;
  const name = typeof a.department === "string" ? names[id] : (a.department.name ?? names[id]);
  return name ? `${name} (${id})` : id;
}

function AgreementView({ agreement: a, names, lang, t, onInspected }: { agreement: Agreement; names: Record<string, string>; lang: Lang; t: Texts; onInspected: (i: Inspection) => void }) {
  const fmtDate = (s?: string) => {
    if (!s) return "";
    const d = new Date(s);
    return Number.isNaN(d.getTime()) ? s : new Intl.DateTimeFormat(lang === "sv" ? "sv-SE" : "en-GB", { dateStyle: "medium", timeStyle: "short" }).format(d);
  };
  const car = [a.car?.brand, a.car?.model].filter(Boolean).join(" ");
  return (
    <div className="th-result">
      <section className="th-panel" aria-labelledby="th-agreement">
        <h2 id="th-agreement" className="th-subtitle">
          {t.agreement} <span className="th-plate">{a.regno}</span>
        </h2>
        <dl className="th-facts">
          {a.number && (<><dt>{t.number}</dt><dd>{a.number}</dd></>)}
          {car && (<><dt>{t.car}</dt><dd>{car}</dd></>)}
          <dt>{t.department}</dt>
          <dd>{departmentName(a, names)}</dd>
          <dt>{t.customer}</dt>
          <dd>{[a.customer.name, a.customer.phone, a.customer.email].filter(Boolean).join(" · ") || t.unknown}</dd>
          <dt>{t.status}</dt>
          <dd>{a.status ? <span className={`th-verdict th-verdict--${a.status}`}>{t.verdicts[a.status as TreadStatus] ?? a.status}</span> : t.noHistory}</dd>
        </dl>
        <table className="th-tyres">
          <caption className="th-caption">{t.tyres}</caption>
          <thead>
            <tr>
              <th scope="col">{t.position}</th>
              <th scope="col">{t.tyre}</th>
              <th scope="col">{t.dimension}</th>
              <th scope="col">{t.season}</th>
              <th scope="col">{t.tread}</th>
            </tr>
          </thead>
          <tbody>
            {a.tyres.map((ty, i) => {
              const p = positionOf(ty.position);
              return (
                <tr key={`${ty.position}-${i}`}>
                  <th scope="row">{p ? t.positions[p] : ty.position}</th>
                  <td>{[ty.brand, ty.model].filter(Boolean).join(" ") || t.unknown}</td>
                  <td>{ty.dimension || t.unknown}</td>
                  <td>{t.seasons[ty.season?.toLowerCase()] ?? ty.season ?? t.unknown}</td>
                  <td className="th-num">{typeof ty.treadMm === "number" ? t.mm(ty.treadMm) : t.unknown}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <InspectionForm agreement={a} t={t} onSaved={onInspected} />
      <section className="th-panel" aria-labelledby="th-history">
        <h2 id="th-history" className="th-subtitle">{t.history}</h2>
        {a.inspections.length === 0 ? (
          <p className="th-muted">{t.noHistory}</p>
        ) : (
          <ul className="th-history">
            {a.inspections.map((ins, i) => (
              <li key={ins.id ?? i}>
                <strong>{fmtDate(ins.at ?? ins.createdAt)}</strong> <span className={`th-verdict th-verdict--${ins.status}`}>{t.verdicts[ins.status] ?? ins.status}</span>
                {(ins.by ?? ins.account) && <span className="th-muted"> {t.by(ins.by ?? ins.account ?? "")}</span>}
                <br />
                <span className="th-muted">{POSITIONS.filter((p) => typeof ins.treadMm?.[p] === "number").map((p) => `${p} ${t.mm(ins.treadMm[p]!)}`).join(" · ")}</span>
                {ins.note && <><br />{ins.note}</>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function InspectionForm({ agreement, t, onSaved }: { agreement: Agreement; t: Texts; onSaved: (i: Inspection) => void }) {
  const [depths, setDepths] = useState<Record<Position, number>>(() => startDepths(agreement.tyres));
  const [status, setStatus] = useState<TreadStatus | null>(null);
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<InspectionErrors>({});
  const [state, setState] = useState<"idle" | "saving" | "saved" | "failed">("idle");
  const [failure, setFailure] = useState("");
  const verdict = status ?? suggestVerdict(POSITIONS.map((p) => depths[p]));

  const save = async () => {
    const r = inspectionOf(depths, verdict, note, { range: t.treadRange, noteTooLong: t.noteTooLong });
    if ("errors" in r) {
      setErrors(r.errors);
      return;
    }
    setState("saving");
    setFailure("");
    try {
      const saved = await addInspection(agreement.id, r.body);
      onSaved({ ...r.body, ...saved });
      setState("saved");
      setNote("");
    } catch (err) {
      setState("failed");
      setFailure(err instanceof ApiError && err.status < 500 && !/^HTTP/.test(err.message) ? err.message : t.failed);
    }
  };

  return (
    <form className="th-panel th-form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }} aria-labelledby="th-inspection">
      <h2 id="th-inspection" className="th-subtitle">{t.inspectionTitle}</h2>
      <div className="th-depths">
        {POSITIONS.map((p) => (
          <NumberField key={p} className="th-field" value={depths[p]} minValue={0} maxValue={TREAD_MAX} step={0.1} formatOptions={{ minimumFractionDigits: 1, maximumFractionDigits: 1 }}
            onChange={(v) => { setDepths((d) => ({ ...d, [p]: v })); setErrors((e) => ({ ...e, [p]: undefined })); setState("idle"); }}
            isInvalid={Boolean(errors[p])} validationBehavior="aria" isRequired>
            <Label className="th-label">{t.treadLabel(t.positions[p])}</Label>
            <Group className="th-number">
              <Input className="th-input th-input--number" />
            </Group>
            <FieldError className="th-error">{errors[p]}</FieldError>
          </NumberField>
        ))}
      </div>
      <RadioGroup className="th-radios" value={verdict} onChange={(v) => { setStatus(v as TreadStatus); setState("idle"); }}>
        <Label className="th-label">{t.verdict}</Label>
        <div className="th-radios__row">
          {(["ok", "replace_soon", "replace"] as TreadStatus[]).map((s) => (
            <Radio key={s} value={s} className={`th-radio th-radio--${s}`}>{t.verdicts[s]}</Radio>
          ))}
        </div>
        <Text slot="description" className="th-help">{t.verdictHelp}</Text>
      </RadioGroup>
      <TextField className="th-field" value={note} onChange={(v) => { setNote(v); setErrors((e) => ({ ...e, note: undefined })); }} isInvalid={Boolean(errors.note)} validationBehavior="aria">
        <Label className="th-label">{t.note}</Label>
        <TextArea className="th-input th-textarea" rows={3} maxLength={NOTE_MAX} />
        <Text slot="description" className="th-help">{t.noteHelp}</Text>
        <FieldError className="th-error">{errors.note}</FieldError>
      </TextField>
      <div className="th-actions">
        <Button type="submit" className="th-button th-button--primary" isDisabled={state === "saving"}>{t.save}</Button>
      </div>
      <div role="status" className="th-notice">{state === "saved" ? t.saved : ""}</div>
      {state === "failed" && <p role="alert" className="th-error">{failure}</p>}
    </form>
  );
}

export default TirehotelPage;
