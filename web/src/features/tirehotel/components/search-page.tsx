import { useId, useState, type FormEvent } from "react";
import { useT } from "../../../lib/page-context";
import { searchCustomer } from "../api/tirehotel-api";
import { ApiError } from "../../../lib/api-client";
import { reportError, track } from "../hooks/flow";
import { normalizePlate, plateReady, PLATE_MAX } from "../rules";
import type { TireHotelCustomer } from "../types";
import { LoadingOverlay } from "./loading-overlay";
import { PageHeading } from "./page-heading";
import { SubmitButton } from "./submit-button";

type Problem = { kind: "notFound" } | { kind: "message"; text: string } | null;

/** SearchPage: the registration number that starts the login (spec §2.2, §5). */
export function SearchPage({ initialPlate = "", onFound }: { initialPlate?: string; onFound: (c: TireHotelCustomer) => void }) {
  const t = useT();
  const id = useId();
  const [plate, setPlate] = useState(normalizePlate(initialPlate));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!plateReady(plate) || busy) return;
    setBusy(true);
    setProblem(null);
    track("flow_interaction", { action: "search" });
    try {
      const customer = await searchCustomer(plate);
      onFound(customer);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        setProblem({ kind: "notFound" });
        track("flow_interaction", { action: "search_not_found" });
      } else {
        reportError("search", err);
        const text = err instanceof ApiError && err.fromServer && (err.status === 400 || err.status === 429) ? err.serverMessage : t("thGenericError");
        setProblem({ kind: "message", text });
      }
      setBusy(false);
    }
  };

  return (
    <div className="fc-th-page">
      <PageHeading>{t("thSearchHeading")}</PageHeading>
      <form className="fc-th-search" onSubmit={submit} noValidate aria-label={t("thSearchHeading")}>
        <label className="fc-th-label" htmlFor={`${id}-plate`}>{t("thPlateLabel")}</label>
        <div className="fc-th-plate">
          <span className="fc-th-plate__eu" aria-hidden="true">S</span>
          <input
            id={`${id}-plate`}
            name="regNo"
            className="fc-th-plate__input"
            value={plate}
            onChange={(e) => { setPlate(normalizePlate(e.target.value)); setProblem(null); }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby={`${id}-hint`}
            aria-invalid={problem ? true : undefined}
            data-maxlength={PLATE_MAX}
          />
        </div>
        <p className="fc-th-hint" id={`${id}-hint`}>{t("thPlateHint")}</p>
        <SubmitButton ready={plateReady(plate)} busy={busy} missing={t("thMissingPlate")} className="fc-button fc-button--primary fc-th-wide">
          {t("thContinue")}
        </SubmitButton>
      </form>
      {problem?.kind === "notFound" && (
        <div className="fc-th-callout fc-th-callout--info" role="alert">
          <p>{t("thNotFound")}</p>
          <p><a className="fc-th-arrow-link" href={t("pathToServiceBooking", "/boka-service")}>{t("thBookService")}</a></p>
        </div>
      )}
      {problem?.kind === "message" && <p className="fc-th-error" role="alert">{problem.text}</p>}
      {busy && <LoadingOverlay text={t("thLoading")} />}
    </div>
  );
}
