// /staff/workshop: a department's day or week of bookings, live. The same
// calendar is the sellers' /staff/testdrives (area "sales"): the sales
// departments' test drives only, without the hours, which the workshop
// staff and admins keep.
import { useState } from "react";
import { getLocalTimeZone, today as todayIn } from "@internationalized/date";
import { Button, I18nProvider, ToggleButton, ToggleButtonGroup } from "react-aria-components";
import { Link } from "../../shell/router";
import { csvURL } from "../api/workshop-api";
import { isoWeek, rangeOf, step, type View } from "../calendar";
import { useCalendar } from "../hooks/use-calendar";
import { useDepartments } from "../hooks/use-departments";
import { useQuery, validDate } from "../hooks/use-query";
import { useTexts } from "../hooks/use-texts";
import { formatDate, localeOf, type Lang, type Texts } from "../texts";
import type { Booking, Department } from "../types";
import { BookingDialog } from "./booking-dialog";
import { DayView, WeekView } from "./calendar-views";
import { DateField } from "../../../components/date-field/date-field";
import { staffDateLook } from "./date-look";
import { DepartmentPicker } from "./department-picker";
import "../style";

/** Area is which calendar the page is: the workshop's (every department the account has) or the sellers' test drives. */
export type Area = "workshop" | "sales";

export function WorkshopPage({ area = "workshop" }: { area?: Area }) {
  const { lang, t } = useTexts();
  const [load, retry] = useDepartments();
  const departments = load.status === "ready" ? (area === "sales" ? load.departments.filter((d) => d.kind === "sales") : load.departments) : [];
  return (
    <I18nProvider locale={localeOf(lang)}>
    <div className="ws-page">
      <h1 className="ws-title">{area === "sales" ? t.salesTitle : t.title}</h1>
      {load.status === "loading" && <p className="ws-muted" role="status">{t.loading}</p>}
      {load.status === "failed" && <Failed t={t} onRetry={retry} />}
      {load.status === "ready" && departments.length === 0 && <p>{area === "sales" ? t.noSalesDepartments : t.noDepartments}</p>}
      {load.status === "ready" && departments.length > 0 && <Workshop departments={departments} area={area} lang={lang} t={t} />}
    </div>
    </I18nProvider>
  );
}

function Failed({ t, onRetry }: { t: Texts; onRetry: () => void }) {
  return (
    <div className="ws-failed" role="alert">
      <p>{t.failed}</p>
      <Button className="ws-button" onPress={onRetry}>{t.retry}</Button>
    </div>
  );
}

function Workshop({ departments, area, lang, t }: { departments: Department[]; area: Area; lang: Lang; t: Texts }) {
  const [query, setQuery] = useQuery();
  const today = todayIn(getLocalTimeZone()).toString();
  const asked = query.get("department");
  const department = departments.some((d) => d.id === asked) ? asked! : departments[0].id;
  const view: View = query.get("view") === "week" ? "week" : "day";
  const date = validDate(query.get("date"), today);
  const cal = useCalendar(department, view, date, t);
  const [open, setOpen] = useState<Booking | null>(null);
  const { from, to } = rangeOf(view, date);
  const base = area === "sales" ? "/staff/testdrives" : "/staff/workshop";

  // The open booking follows the calendar's copy when a live change or a refetch updates it.
  const shown = open && cal.state.status === "ready" ? (cal.state.calendar.bookings.find((b) => b.id === open.id) ?? open) : open;

  const heading = view === "day" ? formatDate(lang, date) : `${t.weekNo(isoWeek(from))}: ${formatDate(lang, from, "short")} – ${formatDate(lang, to, "short")}`;

  return (
    <>
      <div className="ws-toolbar">
        <DepartmentPicker departments={departments} value={department} onChange={(id) => setQuery({ department: id })} label={t.department} />
        <ToggleButtonGroup className="ws-toggle" aria-label={t.view} selectionMode="single" disallowEmptySelection selectedKeys={[view]}
          onSelectionChange={(keys) => { const v = [...keys][0]; if (v) setQuery({ view: String(v) === "week" ? "week" : "" }); }}>
          <ToggleButton id="day" className="ws-toggle__button">{t.day}</ToggleButton>
          <ToggleButton id="week" className="ws-toggle__button">{t.week}</ToggleButton>
        </ToggleButtonGroup>
        <div className="ws-nav" role="group" aria-label={t.date}>
          <Button className="ws-button ws-button--icon" aria-label={view === "day" ? t.previousDay : t.previousWeek} onPress={() => setQuery({ date: step(view, date, -1) })}>‹</Button>
          <Button className="ws-button" onPress={() => setQuery({ date: "" })} isDisabled={date === today}>{t.today}</Button>
          <Button className="ws-button ws-button--icon" aria-label={view === "day" ? t.nextDay : t.nextWeek} onPress={() => setQuery({ date: step(view, date, 1) })}>›</Button>
        </div>
        <DateField look={staffDateLook} className="ws-jump" label={t.date} value={date} onChange={(v) => v && setQuery({ date: v === today ? "" : v })} locale={localeOf(lang)}
          openLabel={t.openCalendar} prevLabel={t.prevMonth} nextLabel={t.nextMonth} />
        <div className="ws-links">
          <a className="ws-link" href={csvURL(department, from, to)} download>{view === "day" ? t.csv : t.weekCsv}</a>
          <Link className="ws-link" href={`${base}/print?${new URLSearchParams({ department, date: view === "day" ? date : from })}`}>{t.print}</Link>
          {area === "workshop" && <Link className="ws-link" href={`${base}/hours?${new URLSearchParams({ department })}`}>{t.hoursLink}</Link>}
        </div>
      </div>

      <div className="ws-headline">
        <h2 className="ws-subtitle">{heading}</h2>
        <p className={`ws-live ws-live--${cal.connection}`}>
          <span className="ws-live__dot" aria-hidden="true" />
          {cal.connection === "lost" ? t.liveOff : cal.connection === "open" ? t.liveOn : t.liveConnecting}
        </p>
      </div>

      <div className="ws-sr" role="status" aria-live="polite" aria-atomic="true">{cal.announcement}</div>

      {cal.state.status === "loading" && <p className="ws-muted" role="status">{t.loading}</p>}
      {cal.state.status === "failed" && <Failed t={t} onRetry={cal.retry} />}
      {cal.state.status === "ready" && view === "day" && <DayView calendar={cal.state.calendar} lang={lang} t={t} fresh={cal.state.fresh} onOpen={setOpen} />}
      {cal.state.status === "ready" && view === "week" && (
        <WeekView calendar={cal.state.calendar} lang={lang} t={t} fresh={cal.state.fresh} onOpen={setOpen} onDay={(d) => setQuery({ view: "", date: d === today ? "" : d })} />
      )}

      <BookingDialog booking={shown} lang={lang} t={t} today={today} onClose={() => setOpen(null)} onChanged={cal.changed} />
    </>
  );
}


export default WorkshopPage;
