import { Suspense } from "react";
import type { ComponentRendering } from "../lib/types";
import { usePage, useEditing } from "../lib/page-context";
import { components } from "./component-factory";
import { EditScope } from "../lib/editing";
import { SectionBoundary, SectionError } from "./section-error";
import { SectionHydrated, settleSection, useSectionKey } from "./sections-hydrated";

/**
 * Placeholder renders the components of a named placeholder. Each section is
 * isolated: in the browser an error boundary catches its failure; on the
 * server a Suspense boundary makes React emit the apology for that section
 * only, and the rest of the page renders.
 */
export function Placeholder({ name, renderings }: { name: string; renderings?: ComponentRendering[] }) {
  const page = usePage();
  const list = renderings ?? page.sitecore.route?.placeholders[name] ?? [];
  return (
    <>
      {list.map((r) => (
        <Section key={r.uid} rendering={r} />
      ))}
    </>
  );
}

function Section({ rendering }: { rendering: ComponentRendering }) {
  const page = usePage();
  const editing = useEditing();
  const key = useSectionKey();
  const Block = components[rendering.componentName];
  if (!Block) {
    return (
      <>
        {editing && (
          <div className="fc-missing-component" role="note">
            Komponenten {rendering.componentName} finns inte i den här versionen av webbplatsen.
          </div>
        )}
        <SectionHydrated section={key} />
      </>
    );
  }
  const data = page.data[rendering.uid] ?? null;
  return (
    <SectionBoundary name={rendering.componentName} onError={() => settleSection(key)}>
      <Suspense fallback={<SectionError />}>
        <EditScope value={{ uid: rendering.uid, datasource: rendering.dataSource || undefined }}>
          <Block rendering={rendering} fields={rendering.fields ?? {}} params={rendering.params ?? {}} data={data} />
        </EditScope>
        <SectionHydrated section={key} />
      </Suspense>
    </SectionBoundary>
  );
}
