import { useEffect, useMemo, useState } from "react";
import { applyURL, fetchProducts, fetchQuote, partExchangeURL, reserveURL, type CalculationType, type Product, type Quotation, type Vehicle } from "../api/codeweaver";
import type { Car } from "../types";
import { useLatestCall } from "../../../lib/use-request";

export const QUOTE_ERROR = "Sorry, but it looks like we can't get a quote for you right now. Please contact our team for more information about finance offers on this vehicle.";
export const QUOTE_LOADING = "Loading Finance options...";

type State = { kind: "loading" } | { kind: "error"; message: string } | { kind: "loaded"; quote: Quotation };

interface Inputs {
  term: number;
  mileage: number;
  deposit: number;
  payment: number;
  calc: CalculationType;
}

function vehicleOf(car: Car): Vehicle {
  return {
    Make: car.car_brand, Model: car.car_model, RegistrationNumber: car.car_regno ?? "", CashPrice: car.car_price,
    RegistrationDate: car.car_is_used ? (car.car_firstregistration ?? "") : "", CurrentMileage: Number(car.car_mileage ?? 0),
  };
}

/** UKQuotePanel: PCP and HP tabs over the UK quote engine. */
export function UKQuotePanel({ car }: { car: Car }) {
  const vehicle = useMemo(() => vehicleOf(car), [car]);
  const [products, setProducts] = useState<Product[] | null>(null);
  const [family, setFamily] = useState("");
  const [inputs, setInputs] = useState<Inputs | null>(null);
  const [state, setState] = useState<State>({ kind: "loading" });

  const { run: runProducts } = useLatestCall();
  const { run: runQuote, cancel: cancelQuote } = useLatestCall();
  useEffect(() => {
    void runProducts((signal) => fetchProducts(vehicle, signal)).then((o) => {
      if (!o) return;
      if (!o.ok) return setState({ kind: "error", message: QUOTE_ERROR });
      setProducts(o.value.Products);
      const p = o.value.Products[0];
      if (!p) return setState({ kind: "error", message: QUOTE_ERROR });
      setFamily(p.FamilyKey);
      setInputs(defaults(p));
    });
  }, [vehicle, runProducts]);

  useEffect(() => {
    if (!inputs || !family) return;
    setState({ kind: "loading" });
    const id = window.setTimeout(() => {
      const params = {
        Term: inputs.term, CashDeposit: inputs.deposit, RegularPayment: inputs.payment, AnnualMileage: inputs.mileage,
        FinanceProductFamilyKeys: [family], CalculationType: inputs.calc,
      };
      void runQuote((signal) => fetchQuote(vehicle, params, signal)).then((o) => {
        if (!o) return;
        if (!o.ok) return setState({ kind: "error", message: QUOTE_ERROR });
        const v = o.value;
        const q = v.FinanceQuotations.find((x) => x.FamilyKey === family);
        if (v.HasError || !q || q.HasError) {
          setState({ kind: "error", message: q?.Error?.UserMessage || v.Error?.UserMessage || QUOTE_ERROR });
          return;
        }
        setState({ kind: "loaded", quote: q });
        const fq = q.Finance?.Quote;
        if (fq) setInputs((cur) => cur && (cur.calc === "ToCashDeposit" ? { ...cur, deposit: Math.round(fq.TotalDeposit) } : { ...cur, payment: fq.TotalRegularPayment }));
      });
    }, 250);
    return () => {
      window.clearTimeout(id);
      cancelQuote();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vehicle, family, inputs?.term, inputs?.mileage, inputs?.calc === "ToRegularPayment" ? inputs?.deposit : inputs?.payment, inputs?.calc]);

  const product = products?.find((p) => p.FamilyKey === family);
  return (
    <section className="fc-ukquote" aria-labelledby="fc-ukquote-title">
      <h3 id="fc-ukquote-title">Finance this car</h3>
      {products && products.length > 0 && (
        <div className="fc-media__tabs" role="tablist" aria-label="Finance products">
          {products.map((p) => (
            <button key={p.FamilyKey} type="button" role="tab" aria-selected={p.FamilyKey === family} className={p.FamilyKey === family ? "is-active" : undefined}
              onClick={() => { setFamily(p.FamilyKey); setInputs(defaults(p)); }}>
              {p.Name} ({p.FamilyKey})
            </button>
          ))}
        </div>
      )}
      {product && inputs && (
        <div className="fc-ukquote__inputs">
          <label>Term
            <select value={inputs.term} onChange={(e) => setInputs({ ...inputs, term: Number(e.target.value) })}>
              {(product.Term.Values ?? [product.Term.Default]).map((v) => <option key={v} value={v}>{v} months</option>)}
            </select>
          </label>
          {product.AnnualMileage && (
            <label>Annual mileage
              <select value={inputs.mileage} onChange={(e) => setInputs({ ...inputs, mileage: Number(e.target.value) })}>
                {mileages(product).map((v) => <option key={v} value={v}>{v.toLocaleString("en-GB")} miles</option>)}
              </select>
            </label>
          )}
          <label>Deposit (£)
            <input type="number" inputMode="numeric" min={product.Deposit.Minimum ?? 0} max={product.Deposit.Maximum} step={100} value={inputs.deposit}
              onChange={(e) => setInputs({ ...inputs, deposit: Number(e.target.value), calc: "ToRegularPayment" })} />
          </label>
          <label>Monthly payment (£)
            <input type="number" inputMode="decimal" min={product.Payment.Minimum ?? 0} max={product.Payment.Maximum} step={10} value={inputs.payment}
              onChange={(e) => setInputs({ ...inputs, payment: Number(e.target.value), calc: "ToCashDeposit" })} />
          </label>
        </div>
      )}
      <div aria-live="polite">
        {state.kind === "loading" && <p className="fc-ukquote__loading" role="status">{QUOTE_LOADING}</p>}
        {state.kind === "error" && <p className="fc-ukquote__error" role="alert">{state.message}</p>}
        {state.kind === "loaded" && (
          <div className="fc-ukquote__result">
            {state.quote.Finance?.Notifications?.map((n, i) => <p key={i} className={`fc-ukquote__note fc-ukquote__note--${n.Type.toLowerCase()}`}>{n.Message}</p>)}
            {state.quote.Blocks?.map((b) => (
              <table key={b.Key} className="fc-ukquote__block">
                <caption>{b.Label}</caption>
                <tbody>
                  {b.Details.map((d) => (
                    <tr key={d.Key}><th scope="row">{d.Label}</th><td>{d.DisplayValue}</td></tr>
                  ))}
                </tbody>
              </table>
            ))}
            {state.quote.Finance?.Quote.QuoteReference && (
              <p className="fc-ukquote__actions">
                <a className="fc-button fc-button--primary" href={applyURL(state.quote.Finance.Quote.QuoteActions.Apply, car.car_id)}>Apply for finance</a>
                <a className="fc-button fc-button--secondary" href={reserveURL(state.quote.Finance.Quote.QuoteReference, car.car_id)}>Reserve this car</a>
                <a className="fc-button fc-button--secondary" href={partExchangeURL(state.quote.Finance.Quote.QuoteReference, car.car_id)}>Value my part-exchange</a>
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

function defaults(p: Product): Inputs {
  return { term: p.Term.Default, mileage: p.AnnualMileage?.Default ?? 0, deposit: p.Deposit.Default, payment: p.Payment.Default, calc: "ToRegularPayment" };
}

function mileages(p: Product): number[] {
  const a = p.AnnualMileage!;
  if (a.Values?.length) return a.Values;
  const out: number[] = [];
  for (let v = a.Minimum ?? 5000; v <= (a.Maximum ?? 30000); v += 5000) out.push(v);
  return out;
}
