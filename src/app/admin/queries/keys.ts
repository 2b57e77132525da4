// /admin/keys: the client keys (GET), issuing one (POST → the secret, once), changing its name, contact or
// limit (PATCH), a limit until a time (PUT/DELETE .../temporary-limit) and revoking it (POST .../revoke).
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChangeKey, ClientKey, IssuedKey, IssueKey, TemporaryLimit } from "../../../interface/admin.ts";
import { ADMIN_ENDPOINTS } from "../../../interface/admin-endpoints.ts";
import { pathOf } from "../../../interface/endpoints.ts";
import { invalidate } from "../../queries/query-keys.ts";
import type { AdminClient } from "../admin-client.ts";
import { useAdminClient } from "../admin-context.tsx";
import { adminKeys } from "../admin-query-keys.ts";

export function getKeys(client: AdminClient, signal?: AbortSignal): Promise<ClientKey[]> {
  const endpoint = ADMIN_ENDPOINTS.keys;
  return client.get(pathOf(endpoint, {}), endpoint.resource, "the client keys", signal);
}

export function keysQueryOptions(client: AdminClient) {
  return queryOptions({ queryKey: adminKeys.keys(), queryFn: ({ signal }) => getKeys(client, signal) });
}

export function useKeys() {
  return useQuery(keysQueryOptions(useAdminClient()));
}

export function issueKey(client: AdminClient, issue: IssueKey): Promise<IssuedKey> {
  const endpoint = ADMIN_ENDPOINTS.issueKey;
  return client.send("POST", pathOf(endpoint, {}), {
    body: issue,
    schema: endpoint.resource,
    what: "the issued key",
  });
}

export function changeKey(client: AdminClient, id: number, change: ChangeKey): Promise<ClientKey> {
  const endpoint = ADMIN_ENDPOINTS.changeKey;
  return client.send("PATCH", pathOf(endpoint, { id }), {
    body: change,
    schema: endpoint.resource,
    what: "the changed key",
  });
}

export function setTemporaryLimit(
  client: AdminClient,
  id: number,
  limit: TemporaryLimit,
): Promise<ClientKey> {
  const endpoint = ADMIN_ENDPOINTS.setTemporaryLimit;
  return client.send("PUT", pathOf(endpoint, { id }), {
    body: limit,
    schema: endpoint.resource,
    what: "the limited key",
  });
}

export function liftTemporaryLimit(client: AdminClient, id: number): Promise<ClientKey> {
  const endpoint = ADMIN_ENDPOINTS.liftTemporaryLimit;
  return client.send("DELETE", pathOf(endpoint, { id }), { schema: endpoint.resource, what: "the key" });
}

export function revokeKey(client: AdminClient, id: number): Promise<ClientKey> {
  const endpoint = ADMIN_ENDPOINTS.revokeKey;
  return client.send("POST", pathOf(endpoint, { id }), {
    schema: endpoint.resource,
    what: "the revoked key",
  });
}

/** After a change the key in the response replaces the listed one at once; the list and audit log go stale. */
export function afterKeyChanged(queries: QueryClient, key: ClientKey | null): Promise<void> {
  if (key) {
    queries.setQueryData<ClientKey[]>(adminKeys.keys(), (keys) =>
      keys?.map((listed) => (listed.id === key.id ? key : listed)),
    );
  }
  return invalidate(queries, adminKeys.keys(), adminKeys.audit());
}

/** The issued key with its secret: the caller shows the secret once; nothing here keeps it. */
export function useIssueKey() {
  const client = useAdminClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (issue: IssueKey) => issueKey(client, issue),
    // Not awaited: the secret is shown at once, the list catches up behind it.
    onSuccess: () => {
      void afterKeyChanged(queries, null);
    },
  });
}

/** The change of one key: its own limit, name or contact, a limit until a time, lifting it, revoking it. */
export type KeyAction =
  | { kind: "change"; id: number; change: ChangeKey }
  | { kind: "limit-until"; id: number; limit: TemporaryLimit }
  | { kind: "lift"; id: number }
  | { kind: "revoke"; id: number };

export function applyKeyAction(client: AdminClient, action: KeyAction): Promise<ClientKey> {
  switch (action.kind) {
    case "change":
      return changeKey(client, action.id, action.change);
    case "limit-until":
      return setTemporaryLimit(client, action.id, action.limit);
    case "lift":
      return liftTemporaryLimit(client, action.id);
    case "revoke":
      return revokeKey(client, action.id);
  }
}

export function useKeyAction() {
  const client = useAdminClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (action: KeyAction) => applyKeyAction(client, action),
    onSuccess: (key) => {
      void afterKeyChanged(queries, key);
    },
  });
}
