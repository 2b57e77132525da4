// /admin/addresses: rules for requests that send no key, by address or CIDR range: blocked, or limited,
// until a time or until removed. Adding or removing one changes the list and the audit log.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddressRule, NewAddressRule } from "../../../interface/admin.ts";
import { ADMIN_ENDPOINTS } from "../../../interface/admin-endpoints.ts";
import { pathOf } from "../../../interface/endpoints.ts";
import { invalidate } from "../../queries/query-keys.ts";
import type { AdminClient } from "../admin-client.ts";
import { useAdminClient } from "../admin-context.tsx";
import { adminKeys } from "../admin-query-keys.ts";

export function getAddresses(client: AdminClient, signal?: AbortSignal): Promise<AddressRule[]> {
  const endpoint = ADMIN_ENDPOINTS.addresses;
  return client.get(pathOf(endpoint, {}), endpoint.resource, "the address rules", signal);
}

export function addressesQueryOptions(client: AdminClient) {
  return queryOptions({
    queryKey: adminKeys.addresses(),
    queryFn: ({ signal }) => getAddresses(client, signal),
  });
}

export function useAddresses() {
  return useQuery(addressesQueryOptions(useAdminClient()));
}

export function addAddressRule(client: AdminClient, rule: NewAddressRule): Promise<AddressRule> {
  const endpoint = ADMIN_ENDPOINTS.addAddressRule;
  return client.send("POST", pathOf(endpoint, {}), {
    body: rule,
    schema: endpoint.resource,
    what: "the rule",
  });
}

export function removeAddressRule(client: AdminClient, id: number): Promise<void> {
  return client.send("DELETE", pathOf(ADMIN_ENDPOINTS.removeAddressRule, { id }), {});
}

function useRulesChange<T, R>(change: (client: AdminClient, what: T) => Promise<R>) {
  const client = useAdminClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (what: T) => change(client, what),
    onSuccess: () => {
      void invalidate(queries, adminKeys.addresses(), adminKeys.audit());
    },
  });
}

export function useAddAddressRule() {
  return useRulesChange(addAddressRule);
}

export function useRemoveAddressRule() {
  return useRulesChange(removeAddressRule);
}
