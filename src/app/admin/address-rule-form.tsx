// Adding a rule for requests that send no key: an address or CIDR range, blocked or held to a limit,
// until a time or until removed, with a note of why. Checked before it is sent; a refusal shows next to
// the field the service named, and what was typed stays.
import { type FormEvent, useId, useRef, useState } from "react";
import { ADDRESS_ACTIONS, type AddressAction } from "../../interface/admin.ts";
import { FailureBox } from "../components/failure-box.tsx";
import { describeAdminFailure, fieldOf } from "./admin-failure.ts";
import { localInputToIso, parseLimit } from "./admin-format.ts";
import { fieldErrors } from "./field-errors.tsx";
import { useAddAddressRule } from "./queries/addresses.ts";

interface Draft {
  cidr: string;
  action: AddressAction;
  limit: string;
  until: string;
  note: string;
}

const EMPTY: Draft = { cidr: "", action: "block", limit: "", until: "", note: "" };
const FIELDS = ["cidr", "action", "limit", "until", "note"] as const;
type Field = (typeof FIELDS)[number];

/** An IPv4 or IPv6 address, with or without a prefix length: the service checks it fully. */
const ADDRESS_SHAPE = /^(?:[0-9.]+|[0-9a-f:.]+)(?:\/\d{1,3})?$/i;

export function AddressRuleForm({ onAdded }: { onAdded: (cidr: string) => void }) {
  const id = useId();
  const mutation = useAddAddressRule();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<{ title: string; detail: string } | null>(null);
  const inputs = {
    cidr: useRef<HTMLInputElement>(null),
    limit: useRef<HTMLInputElement>(null),
    until: useRef<HTMLInputElement>(null),
  };

  const change = (field: Field, value: string) => {
    setDraft((now) => ({ ...now, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setFailure(null);
    const cidr = draft.cidr.trim();
    const limit = parseLimit(draft.limit);
    const until = draft.until === "" ? null : localInputToIso(draft.until);
    const next: Partial<Record<Field, string>> = {};
    if (cidr === "") next.cidr = "Enter an address or a CIDR range, e.g. 203.0.113.0/24.";
    else if (!ADDRESS_SHAPE.test(cidr)) next.cidr = `“${cidr}” is not an address or a CIDR range.`;
    if (!limit.ok) next.limit = limit.error;
    else if (draft.action === "limit" && limit.value === null)
      next.limit = "Enter the limit for these addresses.";
    if (draft.until !== "" && until === null) next.until = "Enter a date and time, or leave it empty.";
    else if (until !== null && Date.parse(until) <= Date.now()) next.until = "Choose a time in the future.";
    setErrors(next);
    const firstBad = (["cidr", "limit", "until"] as const).find((field) => next[field]);
    if (firstBad) return inputs[firstBad].current?.focus();
    if (!limit.ok) return;
    const rule = {
      cidr,
      action: draft.action,
      limit: draft.action === "limit" ? limit.value : null,
      until,
      note: draft.note.trim(),
    };
    mutation.mutate(rule, {
      onSuccess: (added) => {
        setDraft(EMPTY);
        onAdded(added.cidr);
      },
      onError: (error) => {
        const field = fieldOf(error, FIELDS);
        if (field) setErrors({ [field]: describeAdminFailure(error).detail });
        else setFailure(describeAdminFailure(error));
      },
    });
  };

  const { described, error } = fieldErrors<Field>(id, errors);

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-subtitle">
        Block or limit addresses
      </h3>
      <div className="admin-form__fields">
        <div className="field">
          <label htmlFor={`${id}-cidr`}>Address or CIDR range</label>
          <input
            id={`${id}-cidr`}
            ref={inputs.cidr}
            value={draft.cidr}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => change("cidr", event.target.value)}
            aria-invalid={errors.cidr ? true : undefined}
            aria-describedby={described("cidr")}
          />
          {error("cidr")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-action`}>Action</label>
          <select
            id={`${id}-action`}
            value={draft.action}
            onChange={(event) => change("action", event.target.value)}
          >
            {ADDRESS_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action === "block" ? "Block (403)" : "Limit"}
              </option>
            ))}
          </select>
        </div>
        {draft.action === "limit" ? (
          <div className="field">
            <label htmlFor={`${id}-limit`}>Limit (requests a minute)</label>
            <input
              id={`${id}-limit`}
              ref={inputs.limit}
              value={draft.limit}
              inputMode="numeric"
              autoComplete="off"
              onChange={(event) => change("limit", event.target.value)}
              aria-invalid={errors.limit ? true : undefined}
              aria-describedby={described("limit")}
            />
            {error("limit")}
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-until`}>Until</label>
          <input
            id={`${id}-until`}
            ref={inputs.until}
            type="datetime-local"
            value={draft.until}
            onChange={(event) => change("until", event.target.value)}
            aria-invalid={errors.until ? true : undefined}
            aria-describedby={described("until", `${id}-until-hint`)}
          />
          {error("until")}
          <p id={`${id}-until-hint`} className="field__hint">
            Empty: until removed.
          </p>
        </div>
        <div className="field admin-form__wide">
          <label htmlFor={`${id}-note`}>Note</label>
          <input
            id={`${id}-note`}
            value={draft.note}
            autoComplete="off"
            onChange={(event) => change("note", event.target.value)}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={described("note")}
          />
          {error("note")}
        </div>
      </div>
      {failure ? <FailureBox failure={failure} /> : null}
      <div className="admin-form__actions">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={mutation.isPending || undefined}
        >
          {mutation.isPending ? "Adding…" : "Add the rule"}
        </button>
      </div>
    </form>
  );
}
