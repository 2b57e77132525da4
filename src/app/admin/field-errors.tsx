// A form's messages per field: the paragraph under a field that names its problem, and the
// aria-describedby that ties it (and any hint) to the field, shared by the console's forms.
import type { ReactNode } from "react";

export function fieldErrors<F extends string>(id: string, errors: Partial<Record<F, string>>) {
  return {
    /** The ids describing a field: its error when it has one, then its hint. */
    described: (field: F, hint?: string): string | undefined =>
      [errors[field] ? `${id}-${field}-error` : "", hint ?? ""].filter(Boolean).join(" ") || undefined,
    /** The field's error message, or nothing. */
    error: (field: F): ReactNode =>
      errors[field] ? (
        <p id={`${id}-${field}-error`} className="field__error">
          {errors[field]}
        </p>
      ) : null,
  };
}
