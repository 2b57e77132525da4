// A form's send button. While its request is out it says so and stays focusable (aria-disabled, not
// disabled: focus is not thrown out of the form), and the form's submit handler ignores a second press.
import type { ReactNode } from "react";

export function SendButton({
  pending,
  busy,
  children,
}: {
  pending: boolean;
  busy: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="button button--primary" aria-disabled={pending || undefined}>
      {pending ? busy : children}
    </button>
  );
}
