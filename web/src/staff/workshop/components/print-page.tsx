// /staff/workshop/print?department=&date=: the day list on paper. The
// print stylesheet (workshop.css, @media print) leaves out the staff app's
// chrome and the buttons, and keeps each booking's row on one page.
import { useEffect, useState } from "react";
import { getLocalTimeZone, today as todayIn } from "@internationalized/date";
import { Button } from "react-aria-components";
import { Link } from "../../shell/router";
import { fetchCalendar } from "../api/workshop-api";
import { byStart, timeOf, usage } from "../calendar";
import { useQuery, validDate } from "../hooks/use-query";
import { useTexts } from "../hooks/use-texts";
import { carName, formatDate, kindLabel } from "../texts";
import type { Calendar } from "../types";
import "../style";

type Load = { status: "loading" } | { status: "failed" } | { status: "ready"; calendar: Calendar };

/** PrintPage is the day list of a calendar; base is that calendar's path, where "back" goes. */
export function PrintPage({ base = "/staff/workshop" }: { base?: string }) {
  const { lang, t } = useTexts();
  const [query] = useQuery();
  const department = query.get("department") ?? "";
  const date = validDate(query.get("date"), todayIn(getLocalTimeZone()).toString());
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [n, setN] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    setLoad({ status: "loading" });
    fetchCalendar(department, date, date, ctl.signal).then(
      (calendar) => setLoad({ status: "ready", calendar }),
      () => !ctl.signal.aborted && setLoad({ status: "failed" }),
    );
    return () => ctl.abort();
  }, [department, date, n]);

  const back = `${base}?${new URLSearchParams({ department, date })}`;
  return (
    <div className="ws-page ws-print">
      <p className="ws-back ws-noprint"><Link href={back}>‹ {t.backToCalendar}</Link></p>
      {load.status === "loading" && <p className="ws-muted" role="status">{t.loading}</p>}
      {load.status === "failed" && (
        <div role="alert" className="ws-failed"><p>{t.failed}</p><Button className="ws-button" onPress={() => setN((x) => x + 1)}>{t.retry}</Button></div>
      )}
      {load.status === "ready" && <DayList calendar={load.calendar} lang={lang} t={t} />}
    </div>
  );
}

function DayList({ calendar, lang, t }: { calendar: Calendar; lang: "sv" | "en"; t: ReturnType<typeof useTexts>["t"] }) {
  const day = calendar.days[0];
  const bookings = calendar.bookings.filter((b) => b.status !== "cancelled").sort(byStart);
  const u = day ? usage(day) : { used: 0, capacity: 0 };
  return (
    <>
      <header className="ws-print__head">
        <div>
          <h1 className="ws-title">{t.printTitle}: {calendar.department.name}</h1>
          <p className="ws-print__date">{formatDate(lang, calendar.from)}</p>
          <p className="ws-print__meta">
            {day?.closed ? t.closedReason(day.reason) : day ? `${day.open}–${day.close} · ${t.bookings(bookings.length)} · ${t.dayUse(u.used, u.capacity)}` : ""}
          </p>
        </div>
        <Button className="ws-button ws-button--primary ws-noprint" onPress={() => window.print()}>{t.printNow}</Button>
      </header>
      {bookings.length === 0 ? (
        <p>{t.noBookings}</p>
      ) : (
        <table className="ws-daylist">
          <caption className="ws-sr">{`${t.printTitle}, ${formatDate(lang, calendar.from)}`}</caption>
          <thead>
            <tr>
              <th scope="col">{t.time}</th>
              <th scope="col">{t.car}</th>
              <th scope="col">{t.services}</th>
              <th scope="col">{t.customer}</th>
              <th scope="col">{t.statusLabel}</th>
              <th scope="col" className="ws-daylist__notes">{t.notes}</th>
            </tr>
          </thead>
          <tbody>
            {bookings.map((b) => (
              <tr key={b.id}>
                <td className="ws-daylist__time">{b.fullDay ? t.fullDay : `${timeOf(b.start)}–${timeOf(b.end)}`}</td>
                <td>
                  <strong className="ws-plate">{b.car.regno}</strong><br />{carName(b)}
                  {b.testDrive?.url && <><br /><a className="ws-daylist__url" href={b.testDrive.url}>{b.testDrive.url.replace(/^https?:\/\//, "")}</a></>}
                </td>
                <td>
                  {b.kind === "testdrive" ? <strong>{t.kindTestDrive}</strong> : b.services.map((s) => s.name).join(", ") || kindLabel(b.kind, t)}
                  {b.message && <><br /><em>{b.message}</em></>}
                </td>
                <td>{b.customer.name}{b.customer.phone && <><br />{b.customer.phone}</>}</td>
                <td>{t.status[b.status]}</td>
                <td className="ws-daylist__notes" />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export default PrintPage;
