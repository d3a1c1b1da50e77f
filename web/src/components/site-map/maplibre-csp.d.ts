// The CSP build of MapLibre (its worker is a separate file, so no blob:
// worker is needed) has the same API as the package's main module.
declare module "maplibre-gl/dist/maplibre-gl-csp.js" {
  const maplibregl: typeof import("maplibre-gl");
  export default maplibregl;
}
