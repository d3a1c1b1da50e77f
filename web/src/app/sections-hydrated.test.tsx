import { describe, it, expect, vi } from "vitest";
import { Suspense, lazy, useEffect, type ReactNode } from "react";
import { act, render, screen } from "@testing-library/react";
import { SectionHydrated, useSectionKey, whenSectionsHydrated } from "./sections-hydrated";

/** Section mirrors placeholder.tsx: an outer part that waits, its content in a Suspense boundary. */
function Section({ children }: { children: ReactNode }) {
  const key = useSectionKey();
  return (
    <Suspense fallback={<p>…</p>}>
      {children}
      <SectionHydrated section={key} />
    </Suspense>
  );
}

/** Shell calls back, as App does, once every section has settled. */
function Shell({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  useEffect(() => whenSectionsHydrated(onHydrated), [onHydrated]);
  return <>{children}</>;
}

describe("whenSectionsHydrated", () => {
  it("calls back once the last section's boundary has its content, not before", async () => {
    let arrive!: () => void;
    const Slow = lazy(() => new Promise<{ default: () => ReactNode }>((r) => (arrive = () => r({ default: () => <p>Långsam</p> }))));
    const hydrated = vi.fn();
    render(
      <Shell onHydrated={hydrated}>
        <Section>
          <p>Snabb</p>
        </Section>
        <Section>
          <Slow />
        </Section>
      </Shell>,
    );
    screen.getByText("Snabb");
    expect(hydrated).not.toHaveBeenCalled();
    await act(async () => arrive());
    screen.getByText("Långsam");
    expect(hydrated).toHaveBeenCalledTimes(1);
  });

  it("calls back at once when every section rendered with the shell (content effects run before their section's)", () => {
    const hydrated = vi.fn();
    render(
      <Shell onHydrated={hydrated}>
        <Section>
          <p>A</p>
        </Section>
      </Shell>,
    );
    expect(hydrated).toHaveBeenCalledTimes(1);
  });
});
