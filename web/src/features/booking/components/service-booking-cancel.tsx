// ServiceBookingCancel: /boka-service/avboka?id=&token= shows the booking and cancels it.
import { useEffect, useState } from "react";
import type { BlockProps } from "../../../app/block-props";
import { usePage, useT } from "../../../lib/page-context";
import { cancelBooking, fetchBooking } from "../api/booking-api";
import { formatSlot } from "../rules";
import type { BookingDetails, Load } from "../types";
import "../booking.css";
import { useLatestCall } from "../../../lib/use-request";

export function ServiceBookingCancel(_props: BlockProps) {
  const t = useT();
  const { query } = usePage();
  const params = new URLSearchParams(query);
  const id = params.get("id") ?? "";
  const token = params.get("token") ?? "";
  const [load, setLoad] = useState<Load<BookingDetails>>({ status: "idle" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const booking = useLatestCall();

  useEffect(() => {
    if (!id || !token) {
      setLoad({ status: "error", message: "missing" });
      return;
    }
    setLoad({ status: "loading" });
    void booking.run((signal) => fetchBooking(id, token, signal)).then(
      (o) => o && setLoad(o.ok ? { status: "ok", data: o.value } : { status: "error", message: String(o.error) }),
    );
    return booking.cancel;
  }, [id, token, booking]);

  async function cancel() {
    setBusy(true);
    setError("");
    try {
      const data = await cancelBooking(id, token);
      setLoad({ status: "ok", data });
    } catch (err) {
      console.error("service booking: cancel failed", err);
      setError(t("bookingErrorGeneric", "Något gick fel, försök igen"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="fc-booking fc-booking-cancel">
      <div className="fc-container">
        <div className="fc-booking-cancel__inner">
        <h1 className="fc-booking-cancel__title">{t("bookingCancelHeading", "Avboka din servicetid")}</h1>
        {(load.status === "idle" || load.status === "loading") && (
          <p className="fc-booking-loading" role="status">
            <span className="fc-booking-spinner" aria-hidden="true" />
            {t("bookingSearching", "Söker…")}
          </p>
        )}
        {load.status === "error" && (
          <div role="alert" className="fc-booking__error">
            <p>{t("bookingCancelMissing", "Bokningen hittades inte. Kontrollera länken i din bekräftelse.")}</p>
          </div>
        )}
        {load.status === "ok" && (
          <>
            <dl className="fc-booking-confirmed__facts">
              <div>
                <dt>{t("bookingReference", "Bokningsnummer")}</dt>
                <dd className="fc-booking-confirmed__ref">{load.data.id}</dd>
              </div>
              <div>
                <dt>{t("bookingCar", "Bil")}</dt>
                <dd>{load.data.registrationNumber}</dd>
              </div>
              <div>
                <dt>{t("bookingTime", "Tid")}</dt>
                <dd>{load.data.isFullDay ? `${formatSlot(load.data.timeSlot).replace(/ kl\. .*/, "")} – ${t("bookingFullDay")}` : formatSlot(load.data.timeSlot)}</dd>
              </div>
              <div>
                <dt>{t("bookingWorkshop", "Verkstad")}</dt>
                <dd>
                  {load.data.siteName}
                  <br />
                  {load.data.address}
                </dd>
              </div>
              <div>
                <dt>{t("bookingServices", "Tjänster")}</dt>
                <dd>{load.data.services.map((s) => s.name).join(", ")}</dd>
              </div>
            </dl>
            {load.data.status === "cancelled" ? (
              <div role="status" className="fc-booking-cancel__done">
                <p>{t("bookingCancelled", "Din bokning är avbokad. Välkommen att boka en ny tid.")}</p>
                <a className="fc-button fc-button--primary" href="/boka-service">
                  {t("bookingCancelBookNew", "Boka en ny tid")}
                </a>
              </div>
            ) : (
              <div className="fc-booking-actions">
                <button type="button" className="fc-button fc-button--primary fc-booking-cancel__button" onClick={cancel} disabled={busy}>
                  {busy ? t("bookingCancelling", "Avbokar…") : t("bookingCancelButton", "Avboka tiden")}
                </button>
              </div>
            )}
            {error && (
              <p role="alert" className="fc-booking__error">
                {error}
              </p>
            )}
          </>
        )}
        </div>
      </div>
    </section>
  );
}
