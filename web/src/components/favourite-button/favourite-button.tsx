// The heart toggle of a car: a real button with aria-pressed,
// labelled by what pressing it does ('Spara som favorit' / 'Ta bort från
// favoriter') and the car's name. Server render and hydration show it
// unpressed; the saved state is read in an effect (useIsFavourite).
import { useEffect, useRef, useState } from "react";
import { MAX_FAVOURITES, toggleFavourite, type FavouriteCar } from "../../lib/favourites";
import { useIsFavourite } from "../../lib/use-favourites";
import "./favourite-button.css";
import type { T } from "../../lib/text";

export interface FavouriteButtonProps {
  car: FavouriteCar;
  t: T;
  /** Show the label beside the heart (detail page); cards show the heart only. */
  withText?: boolean;
  className?: string;
}

export function FavouriteButton({ car, t, withText, className }: FavouriteButtonProps) {
  const on = useIsFavourite(car.car_id);
  const [full, setFull] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const name = [car.car_brand, car.car_model].filter(Boolean).join(" ");
  const label = on ? t("favouriteRemove", "Ta bort från favoriter") : t("favouriteAdd", "Spara som favorit");
  const click = () => {
    if (toggleFavourite(car) === "full") {
      setFull(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setFull(false), 5000);
    }
  };
  return (
    <span className={`fc-fav${withText ? " fc-fav--text" : ""}${className ? ` ${className}` : ""}`}>
      <button type="button" className="fc-fav__button" aria-pressed={on} aria-label={withText || !name ? undefined : `${label}: ${name}`} title={label} onClick={click}>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" focusable="false">
          <path
            d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.2 3.4 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.6 0 5.5 3.7 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
            fill={on ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {withText && <span>{label}</span>}
      </button>
      {/* Inserted only when needed: an alert is announced on insertion, and a
          grid of cards carries no empty live regions. */}
      {full && (
        <span className="fc-fav__note" role="alert">
          {t("favouritesFull", "Du kan spara högst {max} favoriter. Ta bort någon först.", { max: MAX_FAVOURITES })}
        </span>
      )}
    </span>
  );
}
