// Changing one key's limit: its own limit (PATCH), or a lower one until a time (PUT .../temporary-limit).
import { useId } from "react";
import type { ClientKey } from "../../interface/admin.ts";
import { FailureBox } from "../components/failure-box.tsx";
import { SendButton } from "../components/send-button.tsx";
import { type DraftCheck, type FieldErrors, FormField, useFormDraft } from "../components/use-form-draft.tsx";
import { describeAdminFailure } from "./admin-failure.ts";
import { DEFAULT_LIMIT_HINT, isoToLocalInput, localInputToIso, parseLimit } from "./admin-format.ts";
import type { KeyEdit } from "./keys-table.tsx";
import type { KeyAction } from "./queries/keys.ts";

/** An hour from now, as a first suggestion for "until". */
const SUGGESTED_MS = 3_600_000;

const FIELDS = ["limit", "until"] as const;
type Field = (typeof FIELDS)[number];
type Draft = Record<Field, string>;

function checkLimit(key: ClientKey, edit: KeyEdit, draft: Draft): DraftCheck<Field, { action: KeyAction }> {
  const limit = parseLimit(draft.limit);
  if (edit === "limit") {
    if (!limit.ok) return { ok: false, errors: { limit: limit.error } };
    return { ok: true, action: { kind: "change", id: key.id, change: { limit: limit.value } } };
  }
  const errors: FieldErrors<Field> = {};
  if (!limit.ok) errors.limit = limit.error;
  else if (limit.value === null) errors.limit = "Enter the limit to hold it to.";
  const until = localInputToIso(draft.until);
  if (until === null) errors.until = "Enter a date and time.";
  else if (Date.parse(until) <= Date.now()) errors.until = "Choose a time in the future.";
  if (!limit.ok || limit.value === null || until === null || errors.until) return { ok: false, errors };
  return { ok: true, action: { kind: "limit-until", id: key.id, limit: { limit: limit.value, until } } };
}

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
  const form = useFormDraft({
    id,
    fields: FIELDS,
    focus: "limit",
    initial: () => ({
      limit: String((edit === "limit" ? key.limit : key.temporaryLimit?.limit) ?? ""),
      until: isoToLocalInput(
        key.temporaryLimit ? Date.parse(key.temporaryLimit.until) : Date.now() + SUGGESTED_MS,
      ),
    }),
  });
  const submit = form.submit(
    pending,
    (draft) => checkLimit(key, edit, draft),
    ({ action }) => onSubmit(action),
  );

  const title = edit === "limit" ? `Change the limit of ${key.name}` : `Limit ${key.name} until a time`;
  const refusal = failure ? describeAdminFailure(failure) : null;
  return (
    <form className="admin-form admin-edit" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-subtitle">
        {title}
      </h3>
      <div className="admin-form__fields">
        <FormField
          form={form}
          field="limit"
          label={edit === "limit" ? "Limit (requests a minute)" : "Temporary limit (requests a minute)"}
          hint={edit === "limit" ? DEFAULT_LIMIT_HINT : "Its own limit comes back at the time below."}
        >
          <input {...form.input("limit", `${id}-limit-hint`)} inputMode="numeric" autoComplete="off" />
        </FormField>
        {edit === "limit-until" ? (
          <FormField form={form} field="until" label="Until">
            <input {...form.input("until")} type="datetime-local" />
          </FormField>
        ) : null}
      </div>
      {refusal ? <FailureBox failure={refusal} /> : null}
      <div className="admin-form__actions">
        <SendButton pending={pending} busy="Saving…">
          {edit === "limit" ? "Save the limit" : "Limit until then"}
        </SendButton>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
