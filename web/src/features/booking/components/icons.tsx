// Small line icons of the booking flow (decorative; the text beside them names the thing).
const PATHS: Record<string, string> = {
  service: "M14.7 6.3a4 4 0 0 0-5.4 5.1L3 17.7 6.3 21l6.3-6.3a4 4 0 0 0 5.1-5.4l-2.6 2.6-2.3-.7-.7-2.3z",
  oil: "M4 14c0-3 4-8 4-8s4 5 4 8a4 4 0 0 1-8 0zM14 9h6l-2 9h-6",
  brakes: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 5a4 4 0 1 1 0 8 4 4 0 0 1 0-8z",
  ac: "M12 2v20M4.9 6l14.2 12M4.9 18L19.1 6",
  tyres: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 6a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM12 2v6M12 16v6M2 12h6M16 12h6",
  hotel: "M3 21V8l9-5 9 5v13M7 21v-7h10v7",
  windscreen: "M3 8c6-3 12-3 18 0l-2 10H5zM8 15l8-5",
  diagnostics: "M3 12h4l2-6 4 12 2-6h6",
  wash: "M7 4h10l2 6H5zM5 10v6h14v-6M7 20v-2M17 20v-2M9 2l1 1M15 2l-1 1",
  battery: "M3 7h18v12H3zM7 4h2v3M15 4h2v3M7 13h4M15 11v4M13 13h4",
  other: "M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6L3.3 9.3l6.1-.7z",
};

export function CategoryIcon({ icon }: { icon: string }) {
  return (
    <svg className="fc-booking-icon" aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round">
      <path d={PATHS[icon] ?? PATHS.other} />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg className="fc-booking-check-icon" aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
      <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
