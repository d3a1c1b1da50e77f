import { useEffect, useId, useRef, useState, type ReactNode } from "react";

/** Collapse clips its content at height px and offers show more/less when it is taller. */
export function Collapse({ height, more, less, children }: { height: number; more: string; less: string; children: ReactNode }) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (el) setTall(el.scrollHeight > height + 1);
  }, [height, children]);
  return (
    <div className="fc-collapse">
      <div id={id} ref={ref} className={`fc-collapse__body${tall && !open ? " is-clipped" : ""}`} style={tall && !open ? { maxHeight: height } : undefined}>
        {children}
      </div>
      {tall && (
        <button type="button" className="fc-linklike fc-collapse__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          {open ? less : more}
        </button>
      )}
    </div>
  );
}
