import type { ExtraMedia } from "../types";
import { httpError } from "../../../lib/http-error";

/** fetchExtraMedia returns the UK extra media of a registration (GET /api/media/{regNo}). */
export async function fetchExtraMedia(regNo: string, signal?: AbortSignal): Promise<ExtraMedia> {
  const res = await fetch(`/api/media/${encodeURIComponent(regNo)}`, { signal });
  if (!res.ok) throw await httpError(res, "media");
  return (await res.json()) as ExtraMedia;
}
