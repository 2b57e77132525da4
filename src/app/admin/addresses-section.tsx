// Blocked and limited addresses: the rules for requests that send no key, each removable after a
// confirmation, and the form that adds one.
import { useState } from "react";
import type { AddressRule } from "../../interface/admin.ts";
import { QueryStates } from "../components/query-status.tsx";
import { SkeletonRows } from "../components/skeleton.tsx";
import { formatIsoIn } from "../format/time-zone.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { AddressRuleForm } from "./address-rule-form.tsx";
import { describeAdminFailure } from "./admin-failure.ts";
import { formatLimit } from "./admin-format.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { useAddresses, useRemoveAddressRule } from "./queries/addresses.ts";

export function AddressesSection() {
  const zone = useTimeZone();
  const query = useAddresses();
  const remove = useRemoveAddressRule();
  const [removing, setRemoving] = useState<AddressRule | null>(null);
  const [status, setStatus] = useState("");

  return (
    <section className="card admin-section" aria-labelledby="admin-addresses-title">
      <h2 id="admin-addresses-title">Blocked and limited addresses</h2>
      <p className="muted admin-note">For requests that send no key. A key's own limit is set on the key.</p>
      <p className="admin-status" role="status">
        {status}
      </p>
      <QueryStates
        query={query}
        describe={describeAdminFailure}
        pending={<SkeletonRows rows={2} columns={5} label="the address rules" />}
      >
        {(rules) =>
          rules.length === 0 ? (
            <p className="muted">No address is blocked or limited.</p>
          ) : (
            <div className="table-scroll admin-scroll">
              <table className="data-table admin-table">
                <caption className="visually-hidden">Address rules</caption>
                <thead>
                  <tr>
                    <th scope="col">Address or range</th>
                    <th scope="col">Action</th>
                    <th scope="col">Until</th>
                    <th scope="col">Note</th>
                    <th scope="col">Added</th>
                    <th scope="col">
                      <span className="visually-hidden">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rules.map((rule) => (
                    <tr key={rule.id}>
                      <th scope="row">
                        <code>{rule.cidr}</code>
                      </th>
                      <td>{rule.action === "block" ? "blocked" : `limited to ${formatLimit(rule.limit)}`}</td>
                      <td>{rule.until === null ? "until removed" : formatIsoIn(rule.until, zone)}</td>
                      <td className="admin-wrap">{rule.note || "—"}</td>
                      <td>{formatIsoIn(rule.createdAt, zone)}</td>
                      <td>
                        <button
                          type="button"
                          className="button admin-button--small"
                          aria-label={`Remove the rule for ${rule.cidr}`}
                          onClick={() => setRemoving(rule)}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryStates>
      {removing ? (
        <ConfirmDialog
          title={`Remove the rule for ${removing.cidr}?`}
          confirmLabel="Remove the rule"
          pending={remove.isPending}
          onCancel={() => {
            remove.reset();
            setRemoving(null);
          }}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                setStatus(`The rule for ${removing.cidr} is removed.`);
                setRemoving(null);
              },
            })
          }
        >
          <p>
            Requests from {removing.cidr} will be{" "}
            {removing.action === "block" ? "answered again" : "held to the service's limit again"}, on every
            replica within a second.
          </p>
          {remove.isError ? (
            <p className="field__error">{describeAdminFailure(remove.error).detail}</p>
          ) : null}
        </ConfirmDialog>
      ) : null}
      <AddressRuleForm onAdded={(cidr) => setStatus(`The rule for ${cidr} is added.`)} />
    </section>
  );
}
