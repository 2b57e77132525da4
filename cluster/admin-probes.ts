// What the operator's suite does to a running cluster: changes through one replica's /admin, and probes of
// every replica (directly, not through the balancer) until each shows the change, timed from the moment the
// change was answered: the "on every replica within a second".
import type { ServiceProcess } from "./service-process.ts";

/** What a probe learns of one answer: its status and the limit it was decided under (RateLimit-Policy q). */
export interface Answer {
  status: number;
  /** q of RateLimit-Policy; null when the answer had none (an unlimited client, a blocked address). */
  limit: number | null;
}

/** When one replica first gave an accepted answer, counted from the change's answer. */
export interface Reached {
  replica: string;
  /** Milliseconds from `since` to the accepted answer; Infinity if none came before giving up. */
  ms: number;
  /** Requests it took; 1 = the first request after the change already saw it. */
  tries: number;
  /** The accepted answer, or the last one seen when none was accepted. */
  answer: Answer;
}

function limitOf(policy: string | null): number | null {
  const q = policy?.match(/;q=(\d+)/)?.[1];
  return q === undefined ? null : Number(q);
}

/** One GET of the API on a replica, from `address` (TRUST_PROXY believes the test's X-Forwarded-For). */
export async function ask(
  replica: { url: string },
  path: string,
  address: string,
  apiKey?: string,
): Promise<Answer> {
  const response = await fetch(replica.url + path, {
    headers: { "X-Forwarded-For": address, ...(apiKey === undefined ? {} : { "X-Api-Key": apiKey }) },
  });
  await response.body?.cancel();
  return { status: response.status, limit: limitOf(response.headers.get("RateLimit-Policy")) };
}

let addresses = 0;

/**
 * A client address not used before in this run, inside `prefix` (a /16 given as "a.b"): a probe that the
 * replica does not yet identify by its key spends its address's budget, never another probe's.
 */
export function freshAddress(prefix: string): string {
  addresses++;
  return `${prefix}.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

/**
 * Asks every replica at once, each again every `intervalMs`, until its answer is accepted or `giveUpMs`
 * have passed since `since`. Never throws for a replica that does not get there: its `ms` is Infinity, so
 * the test's assertion names it with what it last answered.
 */
export async function untilEveryReplica(
  replicas: ServiceProcess[],
  probe: (replica: ServiceProcess) => Promise<Answer>,
  accept: (answer: Answer) => boolean,
  since: number,
  { intervalMs = 10, giveUpMs = 3_000 } = {},
): Promise<Reached[]> {
  return Promise.all(
    replicas.map(async (replica) => {
      for (let tries = 1; ; tries++) {
        const answer = await probe(replica);
        const ms = performance.now() - since;
        if (accept(answer)) return { replica: replica.name, ms: Math.round(ms), tries, answer };
        if (ms > giveUpMs) return { replica: replica.name, ms: Number.POSITIVE_INFINITY, tries, answer };
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    }),
  );
}

/** The operator's calls to one replica's /admin, with the cluster's admin key. */
export function operatorOn(adminKey: string) {
  return async <T = unknown>(
    replica: ServiceProcess,
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    path: string,
    body?: unknown,
  ): Promise<T> => {
    const response = await fetch(replica.url + path, {
      method,
      headers: {
        Authorization: `Bearer ${adminKey}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) {
      throw new Error(`${method} ${path} on ${replica.name}: ${response.status} ${await response.text()}`);
    }
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
}

/** A compact line of the times, for a failure's message and the run's log. */
export function describeReached(reached: Reached[]): string {
  return reached
    .map(({ replica, ms, tries, answer }) => `${replica}: ${ms} ms, ${tries} tries, last ${answer.status}`)
    .join("; ");
}
