// Car teasers (CMS block "CarTeasers", spec §2.5): 8 cars by default, the
// block's Filter (car list query string), Sort and Count deciding which,
// and a link to the car list with the same filter.
import { useId } from "react";
import type { BlockProps } from "../../../app/block-props";
import { usePage, useT } from "../../../lib/page-context";
import { RichText, Text, textOf } from "../../../lib/fields";
import { CarCard } from "../../../components/car-card/car-card";
import type { CarTeasersData } from "../types";
import "../listings.css";

export function CarTeasers({ fields, data }: BlockProps<CarTeasersData>) {
  const t = useT();
  const page = usePage();
  const id = useId();
  if (!data || (data.cars.length === 0 && !data.error)) return null;
  const detailBase = data.carDetailPath || "/";
  return (
    <section className="fc-car-teasers" aria-labelledby={`${id}-title`}>
      <div className="fc-container">
        <div className="fc-car-teasers__head">
          <div>
            <h2 id={`${id}-title`}>{textOf(fields, "Title") ? <Text fields={fields} name="Title" /> : t("carTeasersTitle", "Cars for you")}</h2>
            {textOf(fields, "Text") && <RichText fields={fields} name="Text" className="fc-car-teasers__text" />}
          </div>
          {data.moreHref && data.total > data.cars.length && (
            <a className="fc-car-teasers__more" href={data.moreHref}>{t("carTeasersMore", "See all {count} cars", { count: data.total })}</a>
          )}
        </div>
        {data.error ? (
          <p className="fc-listing__message" role="alert">{t("carListError", "Something went wrong.")}</p>
        ) : (
          <ul className="fc-teaser-grid" aria-labelledby={`${id}-title`}>
            {data.cars.map((c, i) => (
              <li key={c.car_id}>
                <CarCard car={c} href={`${detailBase}${c.car_id}/${c.slug}`} locale={page.site.locale} currency={page.site.currency} mileageUnit={t("mileageUnit", "km")} t={t} eager={i < 4} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
