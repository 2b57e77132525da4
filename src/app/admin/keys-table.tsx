// The client keys: who each was issued to, its role, fingerprint (never the secret), state, limits and
// when it was last used; per key the actions that change it. Each action's name is its visible words and
// the key it acts on ("Revoke Acme portfolio app"), so a screen reader and a voice command agree.
import type { ClientKey } from "../../interface/admin.ts";
import { formatIsoIn } from "../format/time-zone.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { formatLimit } from "./admin-format.ts";

export type KeyEdit = "limit" | "limit-until";

export function KeysTable({
  keys,
  onEdit,
  onLift,
  onRevoke,
}: {
  keys: readonly ClientKey[];
  onEdit: (key: ClientKey, edit: KeyEdit, opener: HTMLElement) => void;
  onLift: (key: ClientKey) => void;
  onRevoke: (key: ClientKey) => void;
}) {
  const zone = useTimeZone();
  return (
    <div className="table-scroll admin-scroll">
      <table className="data-table admin-table admin-keys">
        <caption className="visually-hidden">Client keys, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">State</th>
            <th scope="col" className="num">
              Limit
            </th>
            <th scope="col">Temporary limit until</th>
            <th scope="col">Last used</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {[...keys]
            .sort((a, b) => b.id - a.id)
            .map((key) => (
              <tr key={key.id} className={key.state === "revoked" ? "admin-row--revoked" : undefined}>
                {/* The name heads the row; who to reach, the role and the fingerprint are read with it. */}
                <th scope="row" className="admin-wrap">
                  {key.name}
                  <span className="admin-key-meta">
                    {key.role} · <code>{key.fingerprint}</code>
                    {key.contact ? ` · ${key.contact}` : ""}
                  </span>
                </th>
                <td data-label="State">
                  <span className={`admin-state admin-state--${key.state}`}>{key.state}</span>
                </td>
                <td className="num" data-label="Limit" title={`Its own limit: ${formatLimit(key.limit)}`}>
                  {formatLimit(key.effectiveLimit)}
                  {key.limit === null ? <span className="muted"> (default)</span> : null}
                </td>
                <td data-label="Temporary limit until">
                  {key.temporaryLimit
                    ? `${formatLimit(key.temporaryLimit.limit)} until ${formatIsoIn(key.temporaryLimit.until, zone)}`
                    : "—"}
                </td>
                <td data-label="Last used">{formatIsoIn(key.lastUsedAt, zone)}</td>
                <td>
                  {key.state === "revoked" ? (
                    <span className="muted">revoked {formatIsoIn(key.revokedAt, zone)}</span>
                  ) : (
                    <KeyActions clientKey={key} onEdit={onEdit} onLift={onLift} onRevoke={onRevoke} />
                  )}
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}

function KeyActions({
  clientKey: key,
  onEdit,
  onLift,
  onRevoke,
}: {
  clientKey: ClientKey;
  onEdit: (key: ClientKey, edit: KeyEdit, opener: HTMLElement) => void;
  onLift: (key: ClientKey) => void;
  onRevoke: (key: ClientKey) => void;
}) {
  return (
    <div className="admin-actions">
      <button
        type="button"
        className="button admin-button--small"
        aria-label={`Change limit of ${key.name}`}
        onClick={(event) => onEdit(key, "limit", event.currentTarget)}
      >
        Change limit
      </button>
      <button
        type="button"
        className="button admin-button--small"
        aria-label={`Temporary limit for ${key.name}`}
        onClick={(event) => onEdit(key, "limit-until", event.currentTarget)}
      >
        Temporary limit
      </button>
      {key.temporaryLimit ? (
        <button
          type="button"
          className="button admin-button--small"
          aria-label={`Lift temporary limit of ${key.name}`}
          onClick={() => onLift(key)}
        >
          Lift temporary limit
        </button>
      ) : null}
      <button
        type="button"
        className="button admin-button--small admin-button--danger"
        aria-label={`Revoke ${key.name}`}
        onClick={() => onRevoke(key)}
      >
        Revoke
      </button>
    </div>
  );
}
