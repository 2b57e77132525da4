// Issuing a key to a client application: its name, a contact, its role and limit. The issued secret goes
// to the caller, which shows it once; the form keeps nothing of it.
import { useId } from "react";
import { type IssuedKey, type IssueKey, KEY_ROLES, type KeyRole } from "../../interface/admin.ts";
import { FailureBox } from "../components/failure-box.tsx";
import { SendButton } from "../components/send-button.tsx";
import { type DraftCheck, type FieldErrors, FormField, useFormDraft } from "../components/use-form-draft.tsx";
import { placeAdminFailure } from "./admin-failure.ts";
import { DEFAULT_LIMIT_HINT, parseLimit } from "./admin-format.ts";
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
        <FormField form={form} field="name" label="Application name">
          <input {...form.input("name")} autoComplete="off" />
        </FormField>
        <FormField form={form} field="contact" label="Contact">
          <input {...form.input("contact")} autoComplete="off" />
        </FormField>
        <FormField form={form} field="role" label="Role" hint="A writer may also post circulating supply.">
          <select {...form.input("role", `${id}-role-hint`)}>
            {KEY_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </FormField>
        <FormField form={form} field="limit" label="Limit (requests a minute)" hint={DEFAULT_LIMIT_HINT}>
          <input {...form.input("limit", `${id}-limit-hint`)} inputMode="numeric" autoComplete="off" />
        </FormField>
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
