// How often a saved search mails, as the save dialog and the manage page
// ask for it: the same question and choices in both.
import { Label, Radio, RadioGroup } from "react-aria-components";
import { FREQUENCIES, type Frequency } from "../types";
import type { T } from "../../../lib/text";

export function FrequencyChoice({ value, onChange, t, className, isDisabled, describedBy }: {
  value: Frequency;
  onChange: (f: Frequency) => void;
  t: T;
  className?: string;
  isDisabled?: boolean;
  describedBy?: string;
}) {
  return (
    <RadioGroup className={`fc-save-search__freq${className ? ` ${className}` : ""}`} value={value} onChange={(v) => onChange(v as Frequency)}
      isDisabled={isDisabled} aria-describedby={describedBy}>
      <Label className="fc-save-search__legend">{t("alertsFrequency", "Hur ofta vill du få mejl?")}</Label>
      {FREQUENCIES.map((f) => (
        <Radio key={f} value={f} className="fc-save-search__radio">
          {f === "daily" ? t("alertsDaily", "Högst en gång om dagen") : t("alertsWeekly", "Högst en gång i veckan")}
        </Radio>
      ))}
    </RadioGroup>
  );
}
