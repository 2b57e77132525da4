// The live streams of the usage review: per client, the streams held open now and for how long, and those
// that ended in the period chosen above (how many, their total and longest time, events and bytes). The
// same review as the usage table's (one request): a stream is counted there when it ends.
import { useState } from "react";
import type { UsagePeriod } from "../../interface/admin.ts";
import { QueryStates } from "../components/query-status.tsx";
import { SkeletonRows } from "../components/skeleton.tsx";
import { describeAdminFailure } from "./admin-failure.ts";
import { formatCount } from "./admin-format.ts";
import { useHealth } from "./queries/health.ts";
import { useUsage } from "./queries/usage.ts";
import { DEFAULT_STREAM_SORT, STREAM_SORT, type StreamSort, streamingClients } from "./stream-sort.ts";
import { StreamsTable } from "./streams-table.tsx";

export function StreamsSection({ period }: { period: UsagePeriod }) {
  const query = useUsage(period);
  // Open streams are the answering process's own: with several serving replicas, the note says so.
  const serving = useHealth().data?.replicas.filter((replica) => replica.role !== "ingest").length ?? 1;
  const [sort, setSort] = useState<StreamSort>(DEFAULT_STREAM_SORT);
  return (
    <section className="card admin-section" aria-labelledby="admin-streams-title">
      <h2 id="admin-streams-title">Live streams</h2>
      <QueryStates
        query={query}
        describe={describeAdminFailure}
        pending={<SkeletonRows rows={3} columns={6} label="the live streams" />}
      >
        {(review) => {
          const clients = streamingClients(review.clients);
          const period = `the last ${review.period}`;
          if (clients.length === 0)
            return <p className="muted">No live stream ended in {period}, and none is open.</p>;
          const open = clients.reduce((sum, client) => sum + (client.streams.open ?? 0), 0);
          return (
            <>
              <p className="muted admin-note">
                {formatCount(open)} {open === 1 ? "stream" : "streams"} open now
                {serving > 1 ? ` on the replica that answered (each of the ${serving} holds its own)` : ""};{" "}
                {clients.length} {clients.length === 1 ? "client" : "clients"} streamed or hold a stream in{" "}
                {period}. A stream is counted when it ends, with its whole duration.
              </p>
              <StreamsTable
                clients={clients}
                sort={sort}
                onSort={(column) => setSort((now) => STREAM_SORT.next(now, column))}
              />
            </>
          );
        }}
      </QueryStates>
    </section>
  );
}
