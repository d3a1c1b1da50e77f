import type { DateFieldLook } from "../../../components/date-field/date-field";

/** The forms' date field (forms.css, form-kit.css). */
export const formDateLook: DateFieldLook = {
  field: "fc-form__field fc-date", invalid: "is-invalid", label: "fc-form__label", required: "fc-form__req", native: "fc-date__native",
  group: "fc-date__group", input: "fc-date__input", segment: "fc-date__segment", open: "fc-date__open", icon: 20,
  help: "fc-form__hint", error: "fc-form__error", popover: "fc-date__popover", dialog: "fc-date__dialog", calendar: "fc-cal",
};
