import { useId, type MouseEvent, type ReactNode } from "react";

/**
 * SubmitButton is a form's submit button that stays in the Tab order while
 * it cannot be used: aria-disabled instead of disabled (a disabled button
 * drops out of the Tab order, so a keyboard user never finds it nor learns
 * why), and a line saying what is missing, read with the button.
 */
export function SubmitButton({ ready, busy = false, missing, className, children }: {
  ready: boolean;
  busy?: boolean;
  /** What the visitor still has to do; shown and read while not ready. */
  missing: string;
  className: string;
  children: ReactNode;
}) {
  const id = useId();
  const blocked = !ready || busy;
  return (
    <>
      <button
        type="submit"
        className={className}
        aria-disabled={blocked || undefined}
        aria-describedby={!ready ? id : undefined}
        // The form's submit handler checks too; this keeps a blocked press from submitting at all.
        onClick={(e: MouseEvent) => blocked && e.preventDefault()}
      >
        {children}
      </button>
      {!ready && !busy && <p className="fc-th-missing" id={id}>{missing}</p>}
    </>
  );
}
