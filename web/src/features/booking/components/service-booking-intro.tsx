// ServiceBookingIntro: the heading of /boka-service, links out to the booking
// pages of other brands and a toggle list of the brands we are authorised for
// (spec §2.1). Logos whose image fails to load are hidden.
import { useEffect, useId, useRef, useState } from "react";
import type { BlockProps } from "../../../app/block-props";
import { FieldLink, RichText, itemsOf, linkOf, textOf } from "../../../lib/fields";
import { brandLogoURL, collapseBrandCodes } from "../../../lib/brand-codes";
import "../booking.css";

const LINKS = ["BmwLink", "MiniLink", "BrandLink", "TruckLink"];

function Logo({ code, name, onFail }: { code: string; name: string; onFail: () => void }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image that failed before hydration fires no onError for React.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) onFail();
  }, [onFail]);
  return <img ref={ref} src={brandLogoURL(code)} alt={name} width={96} height={48} loading="lazy" onError={onFail} />;
}

export function ServiceBookingIntro({ fields }: BlockProps) {
  const title = textOf(fields, "Title") || "Boka service, däckbyte och verkstad";
  const brands = itemsOf(fields, "Brands").map((b) => ({ code: textOf(b.fields, "Code"), name: textOf(b.fields, "Name") })).filter((b) => b.code);
  const codes = collapseBrandCodes(brands.map((b) => b.code));
  const [open, setOpen] = useState(false);
  const [broken, setBroken] = useState<Record<string, boolean>>({});
  const listId = useId();
  const links = LINKS.map((n) => ({ n, link: linkOf(fields, n) })).filter((l) => l.link);
  return (
    <section className="fc-booking-intro">
      <div className="fc-container">
        <h1 className="fc-booking-intro__title">{title}</h1>
        <RichText fields={fields} name="Text" className="fc-booking-intro__text" />
        {links.length > 0 && (
          <ul className="fc-booking-intro__links">
            {links.map(({ n, link }) => (
              <li key={n}>
                <FieldLink link={link!} name={n} className="fc-booking-intro__link">
                  {link!.text}
                </FieldLink>
              </li>
            ))}
          </ul>
        )}
        {codes.length > 0 && (
          <div className="fc-booking-intro__brands">
            <button type="button" className="fc-booking-intro__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
              {textOf(fields, "BrandsToggle") || "Våra auktoriserade märken"}
              <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" className={open ? "is-open" : ""}>
                <path d="M2 5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
            <ul id={listId} className="fc-booking-intro__logos" hidden={!open}>
              {open &&
                codes
                  .filter((c) => !broken[c])
                  .map((c) => (
                    <li key={c}>
                      <Logo code={c} name={brands.find((b) => b.code === c)?.name || c} onFail={() => setBroken((b) => (b[c] ? b : { ...b, [c]: true }))} />
                    </li>
                  ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
