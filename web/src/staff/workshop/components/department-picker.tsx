// The department picker (react-aria Select) for accounts with several
// departments; with one, its name is shown as plain text.
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components";
import type { Department } from "../types";

export function DepartmentPicker({ departments, value, onChange, label }: { departments: Department[]; value: string; onChange: (id: string) => void; label: string }) {
  if (departments.length === 1) {
    const d = departments[0];
    return (
      <p className="ws-department">
        <span className="ws-label">{label}</span> <strong>{d.name}</strong>{d.city ? `, ${d.city}` : ""}
      </p>
    );
  }
  return (
    <Select className="ws-field ws-select" selectedKey={value} onSelectionChange={(k) => k !== null && onChange(String(k))}>
      <Label className="ws-label">{label}</Label>
      <Button className="ws-select__button">
        <SelectValue />
        <span aria-hidden="true" className="ws-select__chevron">▾</span>
      </Button>
      <Popover className="ws-popover ws-select__popover">
        <ListBox className="ws-listbox">
          {departments.map((d) => (
            <ListBoxItem key={d.id} id={d.id} className="ws-option" textValue={`${d.name}${d.city ? `, ${d.city}` : ""}`}>
              {d.name}{d.city ? <span className="ws-option__city">, {d.city}</span> : null}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
