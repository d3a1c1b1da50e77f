import type { ExtraMedia } from "../types";
import { json } from "../../../lib/api-client";

/** fetchExtraMedia returns the UK extra media of a registration (GET /api/media/{regNo}). */
export function fetchExtraMedia(regNo: string, signal?: AbortSignal): Promise<ExtraMedia> {
  return json<ExtraMedia>(`/api/media/${encodeURIComponent(regNo)}`, { signal });
}
