// Changing one key's limit: its own limit (PATCH), or a lower one until a time (PUT .../temporary-limit).
// Checked before anything is sent; a refusal shows in the form, and what was typed stays.
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { ClientKey } from "../../interface/admin.ts";
import { FailureBox } from "../components/failure-box.tsx";
import { describeAdminFailure } from "./admin-failure.ts";
import { isoToLocalInput, localInputToIso, parseLimit } from "./admin-format.ts";
import type { KeyEdit } from "./keys-table.tsx";
import type { KeyAction } from "./queries/keys.ts";

/** An hour from now, as a first suggestion for "until". */
const SUGGESTED_MS = 3_600_000;

export function KeyLimitForm({
  clientKey: key,
  edit,
  pending,
  failure,
  onSubmit,
  onClose,
}: {
  clientKey: ClientKey;
  edit: KeyEdit;
  pending: boolean;
  /** The last refusal of this form's request, shown in it. */
  failure: unknown;
  onSubmit: (action: KeyAction) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [limit, setLimit] = useState(() =>
    edit === "limit"
      ? key.limit === null
        ? ""
        : String(key.limit)
      : String(key.temporaryLimit?.limit ?? ""),
  );
  const [until, setUntil] = useState(() =>
    key.temporaryLimit
      ? isoToLocalInput(Date.parse(key.temporaryLimit.until))
      : isoToLocalInput(Date.now() + SUGGESTED_MS),
  );
  const [errors, setErrors] = useState<{ limit?: string; until?: string }>({});
  const first = useRef<HTMLInputElement>(null);
  const untilInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    first.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = parseLimit(limit);
    const next: { limit?: string; until?: string } = {};
    if (!parsed.ok) next.limit = parsed.error;
    if (edit === "limit") {
      setErrors(next);
      if (next.limit) return first.current?.focus();
      if (parsed.ok) onSubmit({ kind: "change", id: key.id, change: { limit: parsed.value } });
      return;
    }
    if (parsed.ok && parsed.value === null) next.limit = "Enter the limit to hold it to.";
    const iso = localInputToIso(until);
    if (iso === null) next.until = "Enter a date and time.";
    else if (Date.parse(iso) <= Date.now()) next.until = "Choose a time in the future.";
    setErrors(next);
    if (next.limit) return first.current?.focus();
    if (next.until) return untilInput.current?.focus();
    if (parsed.ok && parsed.value !== null && iso !== null) {
      onSubmit({ kind: "limit-until", id: key.id, limit: { limit: parsed.value, until: iso } });
    }
  };

  const title = edit === "limit" ? `Change the limit of ${key.name}` : `Limit ${key.name} until a time`;
  const refusal = failure ? describeAdminFailure(failure) : null;
  return (
    <form className="admin-form admin-edit" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-subtitle">
        {title}
      </h3>
      <div className="admin-form__fields">
        <div className="field">
          <label htmlFor={`${id}-limit`}>
            {edit === "limit" ? "Limit (requests a minute)" : "Temporary limit (requests a minute)"}
          </label>
          <input
            id={`${id}-limit`}
            ref={first}
            value={limit}
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => setLimit(event.target.value)}
            aria-invalid={errors.limit ? true : undefined}
            aria-describedby={`${errors.limit ? `${id}-limit-error ` : ""}${id}-limit-hint`}
          />
          {errors.limit ? (
            <p id={`${id}-limit-error`} className="field__error">
              {errors.limit}
            </p>
          ) : null}
          <p id={`${id}-limit-hint`} className="field__hint">
            {edit === "limit"
              ? "Empty: the service's default. 0: unlimited."
              : "Its own limit comes back at the time below."}
          </p>
        </div>
        {edit === "limit-until" ? (
          <div className="field">
            <label htmlFor={`${id}-until`}>Until</label>
            <input
              id={`${id}-until`}
              ref={untilInput}
              type="datetime-local"
              value={until}
              onChange={(event) => setUntil(event.target.value)}
              aria-invalid={errors.until ? true : undefined}
              aria-describedby={errors.until ? `${id}-until-error` : undefined}
            />
            {errors.until ? (
              <p id={`${id}-until-error`} className="field__error">
                {errors.until}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      {refusal ? <FailureBox failure={refusal} /> : null}
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" aria-disabled={pending || undefined}>
          {pending ? "Saving…" : edit === "limit" ? "Save the limit" : "Limit until then"}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
