// ServiceBooking: the block of /boka-service. The flow itself lives in its own
// chunk, loaded after hydration; the server and the first client render show
// the same placeholder frame (no storage or window during render).
import { startTransition, useEffect, useState, type ComponentType } from "react";
import type { BlockProps } from "../../../app/block-props";
import { BookingSkeleton } from "./booking-skeleton";
import "../booking.css";

type FlowModule = { BookingFlow: ComponentType };

let cached: ComponentType | null = null;

export function loadFlow(): Promise<ComponentType> {
  if (cached) return Promise.resolve(cached);
  return import("./booking-flow").then((m: FlowModule) => (cached = m.BookingFlow));
}

export function ServiceBooking(_props: BlockProps) {
  const [Flow, setFlow] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadFlow().then(
      // The flow's first render (its comboboxes and calendar) is large: in
      // a transition React renders it in slices and yields between them,
      // with the skeleton on screen until it is ready.
      (c) => live && startTransition(() => setFlow(() => c)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  if (Flow) return <Flow />;
  return <BookingSkeleton failed={failed} />;
}
