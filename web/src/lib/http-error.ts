// httpError turns a failed fetch answer into an Error and releases its
// body first. A body nobody reads keeps the request open in Chromium: the
// UK car page's 404 from /api/media stayed "pending" until the page was
// left, so the page never reached network idle.
export async function httpError(res: Response, what: string): Promise<Error> {
  await res.body?.cancel().catch(() => {});
  return new Error(`${what}: HTTP ${res.status}`);
}
