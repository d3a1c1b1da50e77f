// The dealer site's map: tiles from the configurable tile URL (dictionary
// key mapTileUrl, e.g. "https://tile.example/{z}/{x}/{y}.png") at zoom 12,
// no interaction; without a tile URL, or when tiles fail to load, a static
// map-like panel drawn here with a pin and the coordinates (never a
// download at run time).
import { useState } from "react";
import "./site-map.css";

export const STOCKHOLM = { lat: 59.3293, lng: 18.0686 };
export const ZOOM = 12;

export function position(geo?: { latitude?: string; longitude?: string }): { lat: number; lng: number } {
  const lat = parseFloat(geo?.latitude ?? "");
  const lng = parseFloat(geo?.longitude ?? "");
  return Number.isFinite(lat) && Number.isFinite(lng) && (lat !== 0 || lng !== 0) ? { lat, lng } : STOCKHOLM;
}

function tileXY(lat: number, lng: number, z: number) {
  const n = 2 ** z;
  const x = ((lng + 180) / 360) * n;
  const r = (lat * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n;
  return { x, y };
}

export function SiteMap({ geo, label, tileUrl }: { geo?: { latitude?: string; longitude?: string }; label: string; tileUrl?: string }) {
  const { lat, lng } = position(geo);
  const [failed, setFailed] = useState(false);
  const useTiles = !!tileUrl && !failed;
  const { x, y } = tileXY(lat, lng, ZOOM);
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  const offX = (x - tx) * 256;
  const offY = (y - ty) * 256;
  return (
    <div className="fc-site-map" role="img" aria-label={`${label} (${lat.toFixed(4)}, ${lng.toFixed(4)})`}>
      {useTiles ? (
        <div className="fc-site-map__tiles" style={{ transform: `translate(calc(50% - ${256 + offX}px), calc(50% - ${256 + offY}px))` }}>
          {[-1, 0, 1].flatMap((dy) =>
            [-1, 0, 1].map((dx) => (
              <img
                key={`${dx},${dy}`}
                alt=""
                width={256}
                height={256}
                src={tileUrl!.replace("{z}", String(ZOOM)).replace("{x}", String(tx + dx)).replace("{y}", String(ty + dy))}
                style={{ left: (dx + 1) * 256, top: (dy + 1) * 256 }}
                onError={() => setFailed(true)}
              />
            )),
          )}
        </div>
      ) : (
        <svg className="fc-site-map__fallback" viewBox="0 0 600 300" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
          <rect width="600" height="300" fill="#e8ede4" />
          <path d="M0 220 C120 200 180 260 300 235 S480 190 600 210 V300 H0Z" fill="#b9d3e6" />
          <path d="M420 0 C440 60 400 110 470 150 S560 200 600 190 V0Z" fill="#d5e3cc" />
          <g stroke="#fff" strokeWidth="10" fill="none" strokeLinecap="round">
            <path d="M-10 120 L610 90" />
            <path d="M180 -10 L230 310" />
            <path d="M380 -10 C360 120 420 180 400 310" />
          </g>
          <g stroke="#fbe7a7" strokeWidth="5" fill="none">
            <path d="M-10 120 L610 90" />
          </g>
          <g stroke="#fff" strokeWidth="4" fill="none" opacity=".8">
            <path d="M0 40 L600 60" />
            <path d="M60 0 L100 300" />
            <path d="M520 0 L540 300" />
            <path d="M0 170 L600 150" />
          </g>
          <g transform="translate(300 150)">
            <ellipse cx="0" cy="2" rx="10" ry="4" fill="rgba(0,0,0,.25)" />
            <path d="M0 0 C-6 -14 -16 -20 -16 -32 A16 16 0 1 1 16 -32 C16 -20 6 -14 0 0Z" fill="#e4572e" />
            <circle cx="0" cy="-32" r="6" fill="#fff" />
          </g>
        </svg>
      )}
      <span className="fc-site-map__coords" aria-hidden="true">
        {lat.toFixed(4)}, {lng.toFixed(4)}
      </span>
    </div>
  );
}
