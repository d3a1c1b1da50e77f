import type { DateFieldLook } from "../../../components/date-field/date-field";

/** The workshop's date field (workshop.css). */
export const staffDateLook: DateFieldLook = {
  field: "ws-field ws-date", invalid: "", label: "ws-label", required: "", native: "",
  group: "ws-date__group", input: "ws-date__input", segment: "ws-date__segment", open: "ws-date__open", icon: 18,
  help: "ws-help", error: "ws-error", popover: "ws-popover", dialog: "ws-popover__dialog", calendar: "ws-cal",
};
