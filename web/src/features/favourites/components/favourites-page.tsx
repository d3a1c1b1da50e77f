// The favourites page (CMS block "Favourites"). Two views:
// the visitor's own list, read from localStorage after hydration and
// fetched through /api/search; or a shared list from a share link
// (?ids=…), which the server has already loaded. Sold or removed cars stay
// in the list, marked 'Inte längre till salu', never silently dropped.
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { BlockProps } from "../../../app/block-props";
import { usePage, useT } from "../../../lib/page-context";
import { textOf } from "../../../lib/fields";
import { addFavourites, removeFavourite, shareURL, type FavouriteCar } from "../../../lib/favourites";
import { useFavourites } from "../../../lib/use-favourites";
import { CarCard, type CarCardData } from "../../../components/car-card/car-card";
import { fetchCars } from "../api/fetch-cars";
import type { Entry, FavouritesData, FetchState } from "../types";
import "../favourites.css";
import type { T } from "../../../lib/text";
import { useLatestCall } from "../../../lib/use-request";


export function Favourites({ data }: BlockProps<FavouritesData>) {
  const t = useT();
  const page = usePage();
  const title = textOf(page.sitecore.route?.fields ?? {}, "Title") || t("favouritesTitle", "Favoriter");
  return (
    <div className="fc-favs fc-container">
      <h1 className="fc-page-title">{title}</h1>
      {!data ? (
        <p className="fc-list-message fc-list-message--error" role="alert">{t("favouritesError", "Favoriterna kunde inte hämtas just nu.")}</p>
      ) : data.shared ? (
        <SharedList data={data} shared={data.shared} t={t} />
      ) : (
        <OwnList data={data} t={t} />
      )}
    </div>
  );
}

function nameOf(c: { car_brand?: string; car_model?: string } | undefined, id: number, t: T): string {
  const n = [c?.car_brand, c?.car_model].filter(Boolean).join(" ");
  return n || t("favouritesUnknownCar", "Bil {id}", { id });
}

/** OwnList is the visitor's saved cars. */
function OwnList({ data, t }: { data: FavouritesData; t: T }) {
  const page = usePage();
  const { list, ready } = useFavourites();
  // Cards fetched so far by id; null marks a car the search no longer has.
  const [known, setKnown] = useState<Map<number, CarCardData | null>>(new Map());
  const [fetchState, setFetchState] = useState<FetchState>({ kind: "loading" });
  const { run, cancel } = useLatestCall();
  const unknownKey = list.filter((f) => !known.has(f.car_id)).map((f) => f.car_id).join(",");
  useEffect(() => {
    if (!ready) return;
    if (!unknownKey) {
      setFetchState({ kind: "ready" });
      return;
    }
    const ids = unknownKey.split(",").map(Number);
    setFetchState({ kind: "loading" });
    void run((signal) => fetchCars(data.index, data.fields, ids, signal)).then((o) => {
      if (!o) return;
      if (!o.ok) return setFetchState({ kind: "error" });
      setKnown((prev) => {
        const next = new Map(prev);
        for (const id of ids) next.set(id, o.value.get(id) ?? null);
        return next;
      });
      setFetchState({ kind: "ready" });
    });
    return cancel;
  }, [ready, unknownKey, data.index, data.fields, run, cancel]);

  const entries: Entry[] = list
    .filter((f) => known.has(f.car_id))
    .map((f) => {
      const car = known.get(f.car_id);
      return car ? { kind: "car", id: f.car_id, car } : { kind: "gone", id: f.car_id, name: nameOf(f, f.car_id, t) };
    });
  const ids = list.map((f) => f.car_id);
  if (!ready || (fetchState.kind === "loading" && entries.length === 0)) {
    return <p className="fc-list-message" role="status">{t("favouritesLoading", "Hämtar dina favoriter…")}</p>;
  }
  if (list.length === 0) {
    return (
      <div className="fc-list-message fc-favs__empty">
        <p role="status">{t("favouritesEmpty", "Du har inga favoriter ännu. Tryck på hjärtat på en bil för att spara den här.")}</p>
        <a className="fc-button fc-button--primary" href={data.listPath || page.site.homePath}>{t("favouritesBrowse", "Se alla bilar")}</a>
      </div>
    );
  }
  return (
    <>
      <div className="fc-favs__bar">
        <h2 className="fc-favs__count">{t("favouritesCount", "{count} sparade bilar", { count: list.length })}</h2>
        <ShareBox ids={ids} t={t} />
      </div>
      {fetchState.kind === "error" && <p className="fc-list-message fc-list-message--error" role="alert">{t("favouritesError", "Favoriterna kunde inte hämtas just nu.")}</p>}
      <EntryGrid entries={entries} t={t} removable />
    </>
  );
}

/** SharedList is a list opened from a share link, with the option to save it. */
function SharedList({ data, shared, t }: { data: FavouritesData; shared: number[]; t: T }) {
  const page = usePage();
  const [saved, setSaved] = useState<"no" | "yes">("no");
  const byID = useMemo(() => new Map(data.sharedCars.map((c) => [c.car_id, c])), [data.sharedCars]);
  const entries: Entry[] = shared.map((id) => {
    const car = byID.get(id);
    return car ? { kind: "car", id, car } : { kind: "gone", id, name: nameOf(undefined, id, t) };
  });
  const own = page.path;
  const save = () => {
    const cars: FavouriteCar[] = data.sharedCars.map((c) => ({ car_id: c.car_id, slug: c.slug, car_brand: c.car_brand, car_model: c.car_model }));
    addFavourites(cars);
    setSaved("yes");
  };
  return (
    <>
      <Notices data={data} t={t} />
      {data.error ? (
        <p className="fc-list-message fc-list-message--error" role="alert">{t("favouritesError", "Favoriterna kunde inte hämtas just nu.")}</p>
      ) : shared.length === 0 ? (
        <div className="fc-list-message fc-favs__empty">
          <p>{t("favouritesEmpty", "Du har inga favoriter ännu.")}</p>
          <a className="fc-button fc-button--primary" href={own}>{t("favouritesMine", "Visa mina favoriter")}</a>
        </div>
      ) : (
        <>
          <div className="fc-favs__bar">
            <div>
              <h2 className="fc-favs__shared-heading">{t("favouritesSharedHeading", "En delad lista med {count} bilar", { count: shared.length })}</h2>
              <p className="fc-favs__intro">{t("favouritesSharedIntro", "Någon har delat de här bilarna med dig.")}</p>
            </div>
            <div className="fc-favs__actions">
              {data.sharedCars.length > 0 && saved === "no" && (
                <button type="button" className="fc-button fc-button--primary" onClick={save}>{t("favouritesSaveShared", "Spara i mina favoriter")}</button>
              )}
              <a className="fc-button fc-button--secondary" href={own}>{t("favouritesMine", "Visa mina favoriter")}</a>
            </div>
          </div>
          <p role="status" className="fc-favs__saved">{saved === "yes" ? t("favouritesSavedShared", "Bilarna är sparade i dina favoriter.") : ""}</p>
          <EntryGrid entries={entries} t={t} />
        </>
      )}
    </>
  );
}

function Notices({ data, t }: { data: FavouritesData; t: T }) {
  const notes: string[] = [];
  if (data.rejected) notes.push(t("favouritesBadIds", "{count} ogiltiga bil-id i länken ignorerades.", { count: data.rejected }));
  if (data.truncated) notes.push(t("favouritesTruncated", "Listan visar högst {max} bilar; resten ignorerades.", { max: data.max }));
  if (!notes.length) return null;
  return (
    <div className="fc-favs__notice" role="note">
      {notes.map((n) => <p key={n}>{n}</p>)}
    </div>
  );
}

function EntryGrid({ entries, t, removable = false }: { entries: Entry[]; t: T; removable?: boolean }) {
  const page = usePage();
  const detailBase = (page.dictionary.pathToCarDetail ?? "/bilar/").replace(/\/?$/, "/");
  return (
    <ul className="fc-car-grid fc-favs__grid">
      {entries.map((e) => (
        <li key={e.id}>
          {e.kind === "car" ? (
            <CarCard car={e.car} href={`${detailBase}${e.car.car_id}/${e.car.slug}`} locale={page.site.locale} currency={page.site.currency} mileageUnit={t("mileageUnit", "km")} t={t} />
          ) : (
            <GoneCard id={e.id} name={e.name} t={t} removable={removable} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** GoneCard stands for a saved car that is sold or removed; the own list can remove it. */
function GoneCard({ id, name, t, removable }: { id: number; name: string; t: T; removable: boolean }) {
  return (
    <article className="fc-favs__gone" aria-label={name}>
      <h3 className="fc-car-card__title">{name}</h3>
      <p className="fc-favs__gone-badge">{t("favouritesNoLongerForSale", "Inte längre till salu")}</p>
      {removable && (
        <button type="button" className="fc-linklike" onClick={() => removeFavourite(id)}>
          {t("favouritesRemoveCar", "Ta bort {name}", { name })}
        </button>
      )}
    </article>
  );
}

/** ShareBox offers the list's share link ('Dela listan'): shown, selectable and copyable. */
function ShareBox({ ids, t }: { ids: number[]; t: T }) {
  const page = usePage();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const [origin, setOrigin] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => setOrigin(window.location.origin), []);
  const url = shareURL(origin, page.path, ids);
  useEffect(() => setCopied(false), [url]);
  useEffect(() => {
    if (open) input.current?.select();
  }, [open]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      input.current?.select(); // no clipboard access: the link stays selected to copy by hand
    }
  };
  return (
    <div className="fc-favs__share">
      <button type="button" className="fc-button fc-button--secondary" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {t("favouritesShare", "Dela listan")}
      </button>
      <div id={id} hidden={!open} className="fc-favs__share-panel">
        <label htmlFor={`${id}-url`}>{t("favouritesShareLabel", "Länk till listan")}</label>
        <div className="fc-favs__share-row">
          <input id={`${id}-url`} ref={input} type="url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="fc-button fc-button--primary" onClick={copy}>{t("favouritesCopy", "Kopiera länken")}</button>
        </div>
        <p role="status" className="fc-favs__copied">{copied ? t("favouritesCopied", "Länken är kopierad") : ""}</p>
      </div>
    </div>
  );
}
