// The page templates the front-end benchmarks visit (bench/lighthouse.mjs,
// bench/longtasks.mjs): one URL each, the car, dealer and story pages taken
// from the server's sitemap. A template the sitemap has no page of is left
// out.
export async function templates(base) {
  const sitemap = await (await fetch(base + "/sitemap.xml")).text();
  const first = (re) => (sitemap.match(re) || [])[1];
  return [
    ["home", "/"],
    ["car list", "/bilar"],
    ["car detail", first(/<loc>https?:\/\/[^/<]+(\/bilar\/\d+\/[^<]+)<\/loc>/)],
    ["dealer list", "/anlaggningar"],
    ["dealer page", first(/<loc>https?:\/\/[^/<]+(\/anlaggningar\/[^<]+)<\/loc>/)],
    ["stories", "/nyheter"],
    ["story", first(/<loc>https?:\/\/[^/<]+(\/nyheter\/[^<]+)<\/loc>/)],
    ["booking", "/boka-service"],
    ["tyre hotel", "/dackhotell"],
  ].filter(([, p]) => p);
}
