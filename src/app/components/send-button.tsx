// A form's send button: aria-disabled while its request is out, not disabled, so focus stays in the form.
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
