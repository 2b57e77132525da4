// Issuing a key to a client application: its name, a contact, its role and limit. Checked before it is
// sent; a refusal shows in the form (next to the field the service named) and what was typed stays. The
// issued secret goes to the caller, which shows it once; the form keeps nothing of it.
import { useId } from "react";
import { type IssuedKey, type IssueKey, KEY_ROLES, type KeyRole } from "../../interface/admin.ts";
import { FailureBox } from "../components/failure-box.tsx";
import { SendButton } from "../components/send-button.tsx";
import { type DraftCheck, type FieldErrors, useFormDraft } from "../components/use-form-draft.tsx";
import { placeAdminFailure } from "./admin-failure.ts";
import { parseLimit } from "./admin-format.ts";
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

function checkIssue(draft: Draft): DraftCheck<Field, { issue: IssueKey }> {
  const name = draft.name.trim();
  const contact = draft.contact.trim();
  const limit = parseLimit(draft.limit);
  const errors: FieldErrors<Field> = {};
  if (name === "") errors.name = "Name the application the key is for.";
  else if (name.length > 100) errors.name = "At most 100 characters.";
  if (contact.length > 200) errors.contact = "At most 200 characters.";
  if (!limit.ok) errors.limit = limit.error;
  if (!limit.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, issue: { name, contact, role: draft.role, limit: limit.value } };
}

export function IssueKeyForm({ onIssued }: { onIssued: (issued: IssuedKey) => void }) {
  const id = useId();
  const mutation = useIssueKey();
  const form = useFormDraft({ id, fields: FIELDS, initial: EMPTY });
  const submit = form.submit(mutation.isPending, checkIssue, ({ issue }) =>
    mutation.mutate(issue, {
      onSuccess: (issued) => {
        form.setDraft(EMPTY);
        onIssued(issued);
        // The mutation's cache would hold the secret for minutes; it is the caller's alone now.
        mutation.reset();
      },
      onError: (error) => form.refuse(placeAdminFailure(error, FIELDS)),
    }),
  );

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-subtitle">
        Issue a key
      </h3>
      <div className="admin-form__fields">
        <div className="field">
          <label htmlFor={`${id}-name`}>Application name</label>
          <input {...form.input("name")} autoComplete="off" />
          {form.error("name")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-contact`}>Contact</label>
          <input {...form.input("contact")} autoComplete="off" />
          {form.error("contact")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-role`}>Role</label>
          <select {...form.input("role", `${id}-role-hint`)}>
            {KEY_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
          {form.error("role")}
          <p id={`${id}-role-hint`} className="field__hint">
            A writer may also post circulating supply.
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-limit`}>Limit (requests a minute)</label>
          <input {...form.input("limit", `${id}-limit-hint`)} inputMode="numeric" autoComplete="off" />
          {form.error("limit")}
          <p id={`${id}-limit-hint`} className="field__hint">
            Empty: the service's default. 0: unlimited.
          </p>
        </div>
      </div>
      {form.failure ? <FailureBox failure={form.failure} /> : null}
      <div className="admin-form__actions">
        <SendButton pending={mutation.isPending} busy="Issuing…">
          Issue the key
        </SendButton>
      </div>
    </form>
  );
}
