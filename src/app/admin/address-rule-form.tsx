// Adding a rule for requests that send no key: an address or CIDR range, blocked or limited, until a time
// or until removed, with a note of why.
import { useId } from "react";
import { ADDRESS_ACTIONS, type AddressAction, type NewAddressRule } from "../../interface/admin.ts";
import { FailureBox } from "../components/failure-box.tsx";
import { SendButton } from "../components/send-button.tsx";
import { type DraftCheck, type FieldErrors, FormField, useFormDraft } from "../components/use-form-draft.tsx";
import { placeAdminFailure } from "./admin-failure.ts";
import { localInputToIso, parseLimit } from "./admin-format.ts";
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

function checkRule(draft: Draft): DraftCheck<Field, { rule: NewAddressRule }> {
  const cidr = draft.cidr.trim();
  const limit = parseLimit(draft.limit);
  const until = draft.until === "" ? null : localInputToIso(draft.until);
  const errors: FieldErrors<Field> = {};
  if (cidr === "") errors.cidr = "Enter an address or a CIDR range, e.g. 203.0.113.0/24.";
  else if (!ADDRESS_SHAPE.test(cidr)) errors.cidr = `“${cidr}” is not an address or a CIDR range.`;
  if (!limit.ok) errors.limit = limit.error;
  else if (draft.action === "limit" && limit.value === null)
    errors.limit = "Enter the limit for these addresses.";
  if (draft.until !== "" && until === null) errors.until = "Enter a date and time, or leave it empty.";
  else if (until !== null && Date.parse(until) <= Date.now()) errors.until = "Choose a time in the future.";
  if (!limit.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  const { action, note } = draft;
  return {
    ok: true,
    rule: { cidr, action, limit: action === "limit" ? limit.value : null, until, note: note.trim() },
  };
}

export function AddressRuleForm({ onAdded }: { onAdded: (cidr: string) => void }) {
  const id = useId();
  const mutation = useAddAddressRule();
  const form = useFormDraft({ id, fields: FIELDS, initial: EMPTY });
  const submit = form.submit(mutation.isPending, checkRule, ({ rule }) =>
    mutation.mutate(rule, {
      onSuccess: (added) => {
        form.setDraft(EMPTY);
        onAdded(added.cidr);
      },
      onError: (error) => form.refuse(placeAdminFailure(error, FIELDS)),
    }),
  );

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-subtitle">
        Block or limit addresses
      </h3>
      <div className="admin-form__fields">
        <FormField form={form} field="cidr" label="Address or CIDR range">
          <input {...form.input("cidr")} autoComplete="off" spellCheck={false} />
        </FormField>
        <FormField form={form} field="action" label="Action">
          <select {...form.input("action")}>
            {ADDRESS_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action === "block" ? "Block (403)" : "Limit"}
              </option>
            ))}
          </select>
        </FormField>
        {form.draft.action === "limit" ? (
          <FormField form={form} field="limit" label="Limit (requests a minute)">
            <input {...form.input("limit")} inputMode="numeric" autoComplete="off" />
          </FormField>
        ) : null}
        <FormField form={form} field="until" label="Until" hint="Empty: until removed.">
          <input {...form.input("until", `${id}-until-hint`)} type="datetime-local" />
        </FormField>
        <div className="field admin-form__wide">
          <label htmlFor={`${id}-note`}>Note</label>
          <input {...form.input("note")} autoComplete="off" />
          {form.error("note")}
        </div>
      </div>
      {form.failure ? <FailureBox failure={form.failure} /> : null}
      <div className="admin-form__actions">
        <SendButton pending={mutation.isPending} busy="Adding…">
          Add the rule
        </SendButton>
      </div>
    </form>
  );
}
