// Calls of the test-drive booking (/api/testdrive/{carId}/…): the days with
// free times, a day's times and the booking, answered in the service
// booking's shapes (errors as {"errors": {"Error Result": [code]}, …}).

export type TestDriveDay = { date: string; free: number; closed?: string };
export type TestDriveDays = { carId: number; department: string; siteName: string; address: string; first: string; last: string; minutes: number; days: TestDriveDay[] };
export type TestDriveSlot = { time: string; timeSlot: string };
export type TestDriveBooked = { id: string; manageUrl: string; calendarUrl: string };
export type TestDriveOrder = {
  timeSlot: string;
  customer: { firstName: string; lastName: string; phone: string; email: string };
  message: string;
  language: string;
};

/** TestDriveError carries the contract's code ("TimeslotNotAvailable", "CarNotAvailable", "InvalidInput", …) and the fields at fault. */
export class TestDriveError extends Error {
  constructor(public code: string, public status: number, public fields: Record<string, string> = {}) {
    super(code);
  }
}

async function answer<T>(res: Response): Promise<T> {
  if (res.ok) return (await res.json()) as T;
  let code = "ServerError";
  let fields: Record<string, string> = {};
  try {
    const body = (await res.json()) as { errors?: Record<string, string[]>; fields?: Record<string, string> };
    code = body.errors?.["Error Result"]?.[0] ?? code;
    fields = body.fields ?? {};
  } catch {
    /* not JSON */
  }
  throw new TestDriveError(code, res.status, fields);
}

const base = (carId: number) => `/api/testdrive/${encodeURIComponent(String(carId))}`;

export function fetchDays(carId: number, from: string, signal?: AbortSignal): Promise<TestDriveDays> {
  const q = from ? `?from=${from}` : "";
  return fetch(`${base(carId)}/days${q}`, { signal, headers: { Accept: "application/json" } }).then((r) => answer<TestDriveDays>(r));
}

export async function fetchSlots(carId: number, date: string, signal?: AbortSignal): Promise<TestDriveSlot[]> {
  const r = await fetch(`${base(carId)}/slots?date=${date}`, { signal, headers: { Accept: "application/json" } }).then((res) => answer<{ slots: TestDriveSlot[] }>(res));
  return r.slots ?? [];
}

/** bookTestDrive books; the same key answers the first booking again (a retry after a lost answer books once). */
export function bookTestDrive(carId: number, order: TestDriveOrder, key: string): Promise<TestDriveBooked> {
  return fetch(`${base(carId)}/book`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": key },
    body: JSON.stringify(order),
  }).then((r) => answer<TestDriveBooked>(r));
}

/** newKey is an Idempotency-Key for one booking attempt. */
export function newKey(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return `td-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
