import { Component, type ErrorInfo, type ReactNode } from "react";

/** SectionError is the apology shown in place of a section that failed to render. */
export function SectionError() {
  // The texts are fixed by the spec (Swedish on every site).
  return (
    <section className="fc-section-error" role="alert">
      <h2>Aj då</h2>
      <p>Här borde en sektion synas men något har tyvärr blivit fel</p>
      <button
        type="button"
        className="fc-button fc-button--secondary"
        onClick={() => {
          window.location.reload();
        }}
      >
        Prova ladda om sidan
      </button>
    </section>
  );
}

interface BoundaryState {
  failed: boolean;
}

/** SectionBoundary catches render errors of one section in the browser. */
export class SectionBoundary extends Component<{ name: string; children: ReactNode; onError?: () => void }, BoundaryState> {
  state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`section ${this.props.name} failed to render`, error, info.componentStack);
    this.props.onError?.();
  }

  render() {
    return this.state.failed ? <SectionError /> : this.props.children;
  }
}
