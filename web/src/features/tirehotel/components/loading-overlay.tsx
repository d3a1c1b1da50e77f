/** LoadingOverlay covers the wizard card while a call runs; its text is announced. */
export function LoadingOverlay({ text }: { text: string }) {
  return (
    <div className="fc-th-overlay" role="status" aria-live="polite">
      <span className="fc-th-spinner" aria-hidden="true" />
      <span className="fc-th-overlay__text">{text}</span>
    </div>
  );
}
