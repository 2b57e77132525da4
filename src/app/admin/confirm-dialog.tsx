// A question that needs a yes before something that cannot be undone (revoking a key, removing a rule): a
// modal <dialog> (the browser traps focus and closes it on Esc), focus on the harmless choice first, and
// back on what opened it afterwards. Where <dialog> cannot be modal (an old browser, a test's DOM) it is
// shown open in place, with Esc still cancelling.
import { type ReactNode, useEffect, useId, useRef } from "react";

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pending = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  /** The confirming button's text: the act itself, e.g. "Revoke the key". */
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = element.ownerDocument.activeElement;
    if (typeof element.showModal === "function") element.showModal();
    else element.setAttribute("open", "");
    cancel.current?.focus();
    return () => {
      if (typeof element.close === "function" && element.open) element.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="admin-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <h2 id={titleId} className="admin-dialog__title">
        {title}
      </h2>
      <div className="admin-dialog__body">{children}</div>
      <div className="admin-dialog__actions">
        <button ref={cancel} type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="button admin-button--danger"
          aria-disabled={pending || undefined}
          onClick={() => {
            if (!pending) onConfirm();
          }}
        >
          {pending ? "Working…" : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
