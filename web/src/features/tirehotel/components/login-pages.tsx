import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useT } from "../../../lib/page-context";
import { login, validate } from "../api/tirehotel-api";
import { ApiError } from "../../../lib/api-client";
import { reportError, track } from "../hooks/flow";
import { isSignedIn } from "../hooks/session-store";
import { codeReady } from "../rules";
import type { Credentials, TireHotelCustomer, Validated } from "../types";
import { CodeInput } from "./code-input";
import { LoadingOverlay } from "./loading-overlay";
import { PageHeading } from "./page-heading";
import { SubmitButton } from "./submit-button";

/** messageOf: login and validate failures show the server's message (spec §8). */
function messageOf(err: unknown, generic: string): string {
  return err instanceof ApiError && err.fromServer && err.status < 500 ? err.serverMessage : generic;
}

/** LoginPage shows the obfuscated number and sends the code. */
export function LoginPage({ customer, onSent, onBack }: { customer: TireHotelCustomer; onSent: (c: Credentials) => void; onBack: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  const send = async () => {
    setBusy(true);
    setError("");
    track("flow_interaction", { action: "send_code" });
    try {
      onSent(await login(customer.encryptedPhoneNumber));
    } catch (err) {
      reportError("login", err);
      setError(messageOf(err, t("thGenericError")));
      setBusy(false);
    }
  };

  return (
    <div className="fc-th-page">
      <PageHeading>{t("thLoginHeading")}</PageHeading>
      <p>{t("thLoginText", { regNo: customer.regNo })}</p>
      <p className="fc-th-phone">{customer.obfuscatedPhoneNumber}</p>
      <div className="fc-th-actions">
        <button type="button" className="fc-button fc-button--primary" onClick={send} disabled={busy}>{t("thSendCode")}</button>
        <button type="button" className="fc-button fc-button--secondary" onClick={onBack} disabled={busy}>{t("thChangePlate")}</button>
      </div>
      {error && <p className="fc-th-error" role="alert">{error}</p>}
      {busy && <LoadingOverlay text={t("thLoading")} />}
    </div>
  );
}

/** ValidatePage takes the 4-digit code and signs in. */
export function ValidatePage({ customer, credentials, onValidated, onResent, onBack }: {
  customer: TireHotelCustomer;
  credentials: Credentials;
  onValidated: (v: Validated) => void;
  onResent: (c: Credentials) => void;
  onBack: () => void;
}) {
  const t = useT();
  const id = useId();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, [credentials.authorizationToken]);

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!codeReady(code) || busy) return;
    setBusy(true);
    setError("");
    setNotice("");
    track("flow_interaction", { action: "validate_code" });
    try {
      const v = await validate(credentials.authorizationToken, code);
      if (!isSignedIn(v)) throw new ApiError(200, "NoVehicle");
      onValidated(v);
    } catch (err) {
      reportError("validate", err);
      setError(messageOf(err, t("thGenericError")));
      setCode("");
      setBusy(false);
      // Focus returns to the input once it is enabled again (effect below).
    }
  };

  useEffect(() => {
    if (!busy && error) input.current?.focus();
  }, [busy, error]);

  const resend = async () => {
    setBusy(true);
    setError("");
    setNotice("");
    track("flow_interaction", { action: "resend_code" });
    try {
      onResent(await login(customer.encryptedPhoneNumber));
      setCode("");
      setNotice(t("thCodeResent"));
    } catch (err) {
      reportError("login", err);
      setError(messageOf(err, t("thGenericError")));
    }
    setBusy(false);
  };

  return (
    <div className="fc-th-page">
      <PageHeading>{t("thValidateHeading")}</PageHeading>
      <p id={`${id}-text`}>{t("thValidateText", { phone: customer.obfuscatedPhoneNumber })}</p>
      <form className="fc-th-validate" onSubmit={verify} noValidate aria-label={t("thValidateHeading")}>
        <CodeInput
          id={`${id}-code`}
          label={t("thCodeLabel")}
          value={code}
          onChange={(c) => { setCode(c); setError(""); }}
          disabled={busy}
          invalid={!!error}
          describedBy={error ? `${id}-error` : `${id}-text`}
          inputRef={input}
        />
        <div className="fc-th-actions">
          <SubmitButton ready={codeReady(code)} busy={busy} missing={t("thMissingCode")} className="fc-button fc-button--primary">
            {t("thVerify")}
          </SubmitButton>
          <button type="button" className="fc-button fc-button--secondary" onClick={resend} disabled={busy}>{t("thResend")}</button>
        </div>
      </form>
      {error && <p className="fc-th-error" role="alert" id={`${id}-error`}>{error}</p>}
      {notice && <p className="fc-th-notice" role="status">{notice}</p>}
      <p><button type="button" className="fc-linklike" onClick={onBack} disabled={busy}>{t("thChangePlate")}</button></p>
      {busy && <LoadingOverlay text={t("thLoading")} />}
    </div>
  );
}
