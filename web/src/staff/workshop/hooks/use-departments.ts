// useDepartments loads the departments the signed-in member may operate.
import { useEffect, useState } from "react";
import { fetchDepartments } from "../api/workshop-api";
import type { Department } from "../types";

export type DepartmentsLoad = { status: "loading" } | { status: "failed" } | { status: "ready"; departments: Department[] };

export function useDepartments(): [DepartmentsLoad, () => void] {
  const [load, setLoad] = useState<DepartmentsLoad>({ status: "loading" });
  const [n, setN] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    setLoad({ status: "loading" });
    fetchDepartments(ctl.signal).then(
      (departments) => setLoad({ status: "ready", departments }),
      () => !ctl.signal.aborted && setLoad({ status: "failed" }),
    );
    return () => ctl.abort();
  }, [n]);
  return [load, () => setN((x) => x + 1)];
}
