// Editing mode: the scope of the fields being rendered (page item or
// component). Every page loads this with its fields; the editor's API
// client is in components/editor/editor-api.ts, which loads only with the
// editing chrome. Only signed-in editors ever get page data with
// pageEditing = true; the server checks every call again.
import { createContext, useContext, type ReactNode } from "react";

export interface EditScopeValue {
  /** uid of the component whose fields are rendered; absent for the page item's own fields. */
  uid?: string;
  /** datasource of that component, when it has one (edits then show wherever it is used). */
  datasource?: string;
}

const EditScopeContext = createContext<EditScopeValue>({});

/** EditScope tells Editable which component the fields below belong to. */
export function EditScope({ value, children }: { value: EditScopeValue; children: ReactNode }) {
  return <EditScopeContext.Provider value={value}>{children}</EditScopeContext.Provider>;
}

export function useEditScope(): EditScopeValue {
  return useContext(EditScopeContext);
}
