import type { Ref } from "react";
import { CODE_LENGTH, codeFromPaste, codeFromTyping, codeKeyAllowed } from "../rules";

/**
 * CodeInput is the 4-digit one-time code (spec §5): digit keys only, a paste
 * takes its first 4 characters, the phone may offer the SMS code itself.
 */
export function CodeInput({ id, label, value, onChange, disabled, invalid, describedBy, inputRef }: {
  id: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <>
      <label className="fc-th-label" htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name="otp"
        className="fc-th-code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={CODE_LENGTH}
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onKeyDown={(e) => {
          if (!codeKeyAllowed(e)) e.preventDefault();
        }}
        onPaste={(e) => {
          e.preventDefault();
          onChange(codeFromPaste(e.clipboardData.getData("text")));
        }}
        onChange={(e) => onChange(codeFromTyping(e.target.value))}
      />
    </>
  );
}
