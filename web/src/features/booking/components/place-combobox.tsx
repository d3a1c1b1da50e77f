// The place field of step 1: an accessible combobox (react-aria-components)
// with predictions from /api/places as the user types (300 ms debounce), and
// a use-my-location button (browser geolocation → nearest locality).
import { useEffect, useRef, useState, type Ref } from "react";
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from "react-aria-components";
import { nearestPlace, searchPlaces } from "../api/booking-api";
import type { Location, Place } from "../types";
import type { T } from "../../../lib/text";
import { useLatestCall } from "../../../lib/use-request";

export const DEBOUNCE_MS = 300;

export function toLocation(p: Place): Location {
  return { name: p.name, latitude: p.latitude, longitude: p.longitude, placeId: p.placeId, region: p.region };
}

export function PlaceCombobox({
  value,
  onChange,
  inputRef,
  t,
}: {
  value: Location | null;
  onChange: (l: Location | null) => void;
  inputRef?: Ref<HTMLInputElement>;
  t: T;
}) {
  const [text, setText] = useState(value?.name ?? "");
  const [places, setPlaces] = useState<Place[]>(value ? [{ ...value, region: value.region }] : []);
  const [locating, setLocating] = useState(false);
  const [searching, setSearching] = useState(false);
  const search = useLatestCall();
  const [geoError, setGeoError] = useState("");
  const chosenName = useRef(value?.name ?? "");

  useEffect(() => {
    setText(value?.name ?? "");
    chosenName.current = value?.name ?? "";
  }, [value?.placeId, value?.name]);

  useEffect(() => {
    const q = text.trim();
    if (!q || q === chosenName.current) return;
    setSearching(true);
    const timer = setTimeout(() => {
      void search.run((signal) => searchPlaces(q.slice(0, 64), signal)).then((o) => {
        if (!o) return; // superseded: the next search says
        if (o.ok) setPlaces(o.value); // failed: keep the last predictions
        setSearching(false);
      });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      search.cancel();
    };
  }, [text, search]);

  function useMyLocation() {
    setGeoError("");
    if (!("geolocation" in navigator)) {
      setGeoError(t("bookingLocationError"));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        nearestPlace(pos.coords.latitude, pos.coords.longitude).then(
          (p) => {
            setLocating(false);
            setPlaces([p]);
            chosenName.current = p.name;
            setText(p.name);
            onChange(toLocation(p));
          },
          () => {
            setLocating(false);
            setGeoError(t("bookingLocationError"));
          },
        );
      },
      () => {
        setLocating(false);
        setGeoError(t("bookingLocationError"));
      },
      { timeout: 10000, maximumAge: 600000 },
    );
  }

  return (
    <div className="fc-booking-field fc-booking-place">
      <ComboBox
        className="fc-booking-combobox"
        items={places}
        inputValue={text}
        onInputChange={(v) => {
          setText(v);
          if (value && v !== value.name) onChange(null);
        }}
        selectedKey={value?.placeId ?? null}
        onSelectionChange={(key) => {
          const p = places.find((x) => x.placeId === key);
          if (!p) return;
          chosenName.current = p.name;
          setText(p.name);
          onChange(toLocation(p));
        }}
        menuTrigger="input"
        allowsEmptyCollection
        defaultFilter={() => true}
      >
        <Label className="fc-booking-label">{t("bookingPlaceLabel")}</Label>
        <Input ref={inputRef} className="fc-booking-input" placeholder={t("bookingPlacePlaceholder")} autoComplete="off" />
        <Popover className="fc-booking-popover" offset={4}>
          <ListBox className="fc-booking-listbox" renderEmptyState={() => <p className="fc-booking-option fc-booking-option--empty">{searching ? t("bookingSearching") : t("bookingPlaceNoResults")}</p>}>
            {(p: Place) => (
              <ListBoxItem id={p.placeId} textValue={p.name} className="fc-booking-option">
                <Text slot="label">{p.name}</Text>
                <Text slot="description" className="fc-booking-option__region">
                  {p.region}
                </Text>
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <button type="button" className="fc-booking-geo" onClick={useMyLocation} disabled={locating}>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
          <circle cx="12" cy="12" r="4" fill="currentColor" />
          <path d="M12 2v3M12 19v3M2 12h3M19 12h3" stroke="currentColor" strokeWidth="2" />
          <circle cx="12" cy="12" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {locating ? t("bookingLocating") : t("bookingUseLocation")}
      </button>
      {geoError && (
        <p role="alert" className="fc-booking__error">
          {geoError}
        </p>
      )}
    </div>
  );
}
