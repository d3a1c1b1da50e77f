import { imageURL } from "../../lib/media";
import { useOptionalPage } from "../../lib/page-context";
import { FavouriteButton } from "../favourite-button/favourite-button";
import "./compact-car-card.css";
import { translator } from "../../lib/text";

/** CardCar is the part of a car index record a compact card shows (preformatted texts). */
export interface CardCar {
  car_id: number;
  slug: string;
  car_brand: string;
  car_model: string;
  car_model_text?: string;
  car_year?: number;
  car_mileage_text?: string;
  car_fuel?: string;
  car_gearbox?: string;
  car_is_sample?: boolean;
  car_price_text?: string;
  car_images?: { original: string }[];
  car_primary_image?: { thumbnail_url?: string; blur_data_url?: string };
}

/** CompactCarCard is the small card of recommendation and carousel rows. */
export function CompactCarCard({ car, detailBase, draggable }: { car: CardCar; detailBase: string; draggable?: boolean }) {
  const img = car.car_primary_image?.thumbnail_url || car.car_images?.[0]?.original;
  const blur = car.car_primary_image?.blur_data_url;
  const dict = useOptionalPage()?.dictionary;
  const t = translator(dict ?? {});
  return (
    <article className="fc-carcard">
      <a href={`${detailBase}${car.car_id}/${car.slug}`} draggable={draggable === false ? false : undefined} className="fc-carcard__link">
        <div className="fc-carcard__img" style={blur ? { backgroundImage: `url("${blur}")` } : undefined}>
          {img && <img src={imageURL(img, 640)} alt="" width={640} height={400} loading="lazy" draggable={false} />}
        </div>
        <div className="fc-carcard__body">
          <h3 className="fc-carcard__title">{car.car_brand} {car.car_model}</h3>
          <p className="fc-carcard__sub">{car.car_model_text}</p>
          <p className="fc-carcard__price">{car.car_is_sample ? "fr. " : ""}{car.car_price_text}</p>
          <ul className="fc-chips">
            {[car.car_year, car.car_mileage_text, car.car_fuel, car.car_gearbox].filter(Boolean).map((c) => <li key={String(c)}>{String(c)}</li>)}
          </ul>
        </div>
      </a>
      <FavouriteButton car={car} t={t} className="fc-carcard__fav" />
    </article>
  );
}
