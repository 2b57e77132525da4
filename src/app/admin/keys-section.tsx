// The keys: the table with each key's actions, the form that changes one key's limit, the revoke
// confirmation, and issuing a new key with its secret shown once. What just happened is said in a live
// status line.
import { useRef, useState } from "react";
import type { ClientKey, IssuedKey } from "../../interface/admin.ts";
import { QueryStates } from "../components/query-status.tsx";
import { SkeletonRows } from "../components/skeleton.tsx";
import { formatIsoIn } from "../format/time-zone.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { describeAdminFailure } from "./admin-failure.ts";
import { formatLimit } from "./admin-format.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { IssueKeyForm } from "./issue-key-form.tsx";
import { IssuedSecret } from "./issued-secret.tsx";
import { KeyLimitForm } from "./key-limit-form.tsx";
import { type KeyEdit, KeysTable } from "./keys-table.tsx";
import { type KeyAction, useKeyAction, useKeys } from "./queries/keys.ts";

interface Editing {
  key: ClientKey;
  edit: KeyEdit;
  opener: HTMLElement;
}

export function KeysSection() {
  const zone = useTimeZone();
  const query = useKeys();
  const action = useKeyAction();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [revoking, setRevoking] = useState<ClientKey | null>(null);
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  const [status, setStatus] = useState("");
  const [failure, setFailure] = useState<unknown>(null);
  const section = useRef<HTMLElement>(null);

  const run = (next: KeyAction, done: (key: ClientKey) => string, after?: () => void) => {
    setFailure(null);
    action.mutate(next, {
      onSuccess: (key) => {
        setStatus(done(key));
        after?.();
      },
      onError: (error) => {
        setFailure(error);
        // A lift has no form of its own to show the refusal in.
        if (next.kind === "lift") {
          const said = describeAdminFailure(error);
          setStatus(`${said.title}: ${said.detail}`);
        }
      },
    });
  };

  const closeEdit = () => {
    const opener = editing?.opener;
    setEditing(null);
    setFailure(null);
    if (opener?.isConnected) opener.focus();
  };

  return (
    <section ref={section} className="card admin-section" aria-labelledby="admin-keys-title">
      <h2 id="admin-keys-title" tabIndex={-1}>
        Keys
      </h2>
      <p className="admin-status" role="status">
        {status}
      </p>
      <QueryStates
        query={query}
        describe={describeAdminFailure}
        pending={<SkeletonRows rows={3} columns={6} label="the keys" />}
      >
        {(keys) =>
          keys.length === 0 ? (
            <p className="muted">No keys yet: issue one below.</p>
          ) : (
            <KeysTable
              keys={keys}
              onEdit={(key, edit, opener) => {
                setFailure(null);
                setEditing({ key, edit, opener });
              }}
              onLift={(key) =>
                run(
                  { kind: "lift", id: key.id },
                  (now) => `${now.name} is back to ${formatLimit(now.effectiveLimit)}.`,
                )
              }
              onRevoke={(key) => {
                setFailure(null);
                setRevoking(key);
              }}
            />
          )
        }
      </QueryStates>
      {editing ? (
        <KeyLimitForm
          key={`${editing.key.id}-${editing.edit}`}
          clientKey={editing.key}
          edit={editing.edit}
          pending={action.isPending}
          failure={failure}
          onClose={closeEdit}
          onSubmit={(next) =>
            run(
              next,
              (key) =>
                next.kind === "limit-until" && key.temporaryLimit
                  ? `${key.name} is limited to ${formatLimit(key.temporaryLimit.limit)} until ${formatIsoIn(key.temporaryLimit.until, zone)}.`
                  : `The limit of ${key.name} is now ${formatLimit(key.effectiveLimit)}.`,
              closeEdit,
            )
          }
        />
      ) : null}
      {revoking ? (
        <ConfirmDialog
          title={`Revoke ${revoking.name}?`}
          confirmLabel="Revoke the key"
          pending={action.isPending}
          onCancel={() => setRevoking(null)}
          onConfirm={() =>
            run(
              { kind: "revoke", id: revoking.id },
              (key) => `${key.name} (${key.fingerprint}) is revoked: its requests are refused from now on.`,
              () => setRevoking(null),
            )
          }
        >
          <p>
            The key <code>{revoking.fingerprint}</code> of {revoking.name}
            {revoking.contact ? ` (${revoking.contact})` : ""} will be refused by every replica within a
            second. This cannot be undone: the application will need a new key.
          </p>
          {failure ? <p className="field__error">{describeAdminFailure(failure).detail}</p> : null}
        </ConfirmDialog>
      ) : null}
      {issued ? (
        <IssuedSecret
          issued={issued}
          onDone={() => {
            setIssued(null);
            section.current?.querySelector<HTMLElement>("h2")?.focus();
          }}
        />
      ) : null}
      <IssueKeyForm
        onIssued={(next) => {
          setIssued(next);
          setStatus(`Key issued to ${next.key.name}. Store its secret now: it will not be shown again.`);
        }}
      />
    </section>
  );
}
