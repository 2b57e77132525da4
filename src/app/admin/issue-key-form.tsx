// Issuing a key to a client application: its name, a contact, its role and limit. Checked before it is
// sent; a refusal shows in the form (next to the field the service named) and what was typed stays. The
// issued secret goes to the caller, which shows it once; the form keeps nothing of it.
import { type FormEvent, useId, useRef, useState } from "react";
import { type IssuedKey, KEY_ROLES, type KeyRole } from "../../interface/admin.ts";
import { FailureBox } from "../components/failure-box.tsx";
import { describeAdminFailure, fieldOf } from "./admin-failure.ts";
import { parseLimit } from "./admin-format.ts";
import { fieldErrors } from "./field-errors.tsx";
import { useIssueKey } from "./queries/keys.ts";

interface Draft {
  name: string;
  contact: string;
  role: KeyRole;
  limit: string;
}

const EMPTY: Draft = { name: "", contact: "", role: "client", limit: "" };
const FIELDS = ["name", "contact", "role", "limit"] as const;
type Field = (typeof FIELDS)[number];

export function IssueKeyForm({ onIssued }: { onIssued: (issued: IssuedKey) => void }) {
  const id = useId();
  const mutation = useIssueKey();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<{ title: string; detail: string } | null>(null);
  const inputs = { name: useRef<HTMLInputElement>(null), limit: useRef<HTMLInputElement>(null) };

  const change = (field: Field, value: string) => {
    setDraft((now) => ({ ...now, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setFailure(null);
    const name = draft.name.trim();
    const limit = parseLimit(draft.limit);
    const next: Partial<Record<Field, string>> = {};
    if (name === "") next.name = "Name the application the key is for.";
    else if (name.length > 100) next.name = "At most 100 characters.";
    if (draft.contact.trim().length > 200) next.contact = "At most 200 characters.";
    if (!limit.ok) next.limit = limit.error;
    setErrors(next);
    if (next.name) return inputs.name.current?.focus();
    if (next.limit) return inputs.limit.current?.focus();
    if (!limit.ok || next.contact) return;
    mutation.mutate(
      { name, contact: draft.contact.trim(), role: draft.role, limit: limit.value },
      {
        onSuccess: (issued) => {
          setDraft(EMPTY);
          onIssued(issued);
          // The mutation's cache would hold the secret for minutes; it is the caller's alone now.
          mutation.reset();
        },
        onError: (error) => {
          const field = fieldOf(error, FIELDS);
          if (field) setErrors({ [field]: describeAdminFailure(error).detail });
          else setFailure(describeAdminFailure(error));
        },
      },
    );
  };

  const { described, error } = fieldErrors<Field>(id, errors);

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-subtitle">
        Issue a key
      </h3>
      <div className="admin-form__fields">
        <div className="field">
          <label htmlFor={`${id}-name`}>Application name</label>
          <input
            id={`${id}-name`}
            ref={inputs.name}
            value={draft.name}
            autoComplete="off"
            onChange={(event) => change("name", event.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={described("name")}
          />
          {error("name")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-contact`}>Contact</label>
          <input
            id={`${id}-contact`}
            value={draft.contact}
            autoComplete="off"
            onChange={(event) => change("contact", event.target.value)}
            aria-invalid={errors.contact ? true : undefined}
            aria-describedby={described("contact")}
          />
          {error("contact")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-role`}>Role</label>
          <select
            id={`${id}-role`}
            value={draft.role}
            onChange={(event) => change("role", event.target.value)}
            aria-describedby={`${id}-role-hint`}
          >
            {KEY_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
          <p id={`${id}-role-hint`} className="field__hint">
            A writer may also post circulating supply.
          </p>
        </div>
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
            aria-describedby={described("limit", `${id}-limit-hint`)}
          />
          {error("limit")}
          <p id={`${id}-limit-hint`} className="field__hint">
            Empty: the service's default. 0: unlimited.
          </p>
        </div>
      </div>
      {failure ? <FailureBox failure={failure} /> : null}
      <div className="admin-form__actions">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={mutation.isPending || undefined}
        >
          {mutation.isPending ? "Issuing…" : "Issue the key"}
        </button>
      </div>
    </form>
  );
}
