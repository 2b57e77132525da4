// Responses by endpoint, method and status, and their durations: counted on every request, so kept as plain
// numbers per series and handed to prom-client only when Prometheus scrapes.
// Hand-written: prom-client's observe() hashes labels per call, costly beside a cached response
// (bench:metrics).
import { Counter, type Histogram, type Registry } from "prom-client";

/**
 * Methods as Node's parser knows them are a bounded set already; anything else is counted as OTHER so that
 * no client can make a series of its own.
 */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** One (endpoint, method): its responses per status and its durations' histogram, not cumulative. */
interface ResponseSeries {
  endpoint: string;
  method: string;
  byStatus: Map<number, number>;
  /** Responses whose duration is at most bounds[i] and above bounds[i - 1]; the last, above every bound. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/** A sample as prom-client's registry formats it (the shape of getMetricsAsJSON's values). */
interface Sample {
  value: number;
  labels: Record<string, string | number>;
  metricName: string;
}

const DURATION_HELP = "Time from a request's arrival to its response, by endpoint and method";

export class ResponseFigures {
  /** endpoint → method as sent → series: nested maps, so the hot path builds no key string. */
  private readonly byEndpoint = new Map<string, Map<string, ResponseSeries>>();
  private readonly series: ResponseSeries[] = [];

  constructor(
    registry: Registry,
    private readonly bounds: readonly number[],
  ) {
    const requests = new Counter({
      name: "mdqs_http_requests_total",
      help: "Responses sent, by endpoint (a bounded name such as 'GET /v1/coins'), method and status",
      labelNames: ["endpoint", "method", "status"],
      registers: [registry],
      collect: () => {
        requests.reset();
        for (const { endpoint, method, byStatus } of this.series)
          for (const [status, count] of byStatus)
            requests.inc({ endpoint, method, status: String(status) }, count);
      },
    });
    // The histogram is read from the series as a metric of prom-client's registry: the registry asks a
    // metric for its name, type and samples (get()), whichever class it is.
    const durations = {
      name: "mdqs_http_request_duration_seconds",
      help: DURATION_HELP,
      type: "histogram",
      aggregator: "sum",
      get: async () => ({ ...durations, values: this.durationSamples() }),
      reset: () => {
        for (const series of this.series) {
          series.buckets.fill(0);
          series.sum = 0;
          series.count = 0;
        }
      },
    };
    registry.registerMetric(durations as unknown as Histogram);
  }

  record(endpoint: string, method: string, status: number, seconds: number): void {
    let byMethod = this.byEndpoint.get(endpoint);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.byEndpoint.set(endpoint, byMethod);
    }
    let series = byMethod.get(method);
    if (series === undefined) {
      series = this.seriesOf(endpoint, KNOWN_METHODS.has(method) ? method : "OTHER");
      byMethod.set(method, series);
    }
    series.byStatus.set(status, (series.byStatus.get(status) ?? 0) + 1);
    const bounds = this.bounds;
    let bucket = 0;
    while (bucket < bounds.length && seconds > (bounds[bucket] as number)) bucket++;
    (series.buckets[bucket] as number)++;
    series.sum += seconds;
    series.count++;
  }

  /** The series of an endpoint and a method as labelled (methods counted as OTHER share one). */
  private seriesOf(endpoint: string, method: string): ResponseSeries {
    const found = this.series.find((s) => s.endpoint === endpoint && s.method === method);
    if (found) return found;
    const created: ResponseSeries = {
      endpoint,
      method,
      byStatus: new Map(),
      buckets: new Float64Array(this.bounds.length + 1),
      sum: 0,
      count: 0,
    };
    this.series.push(created);
    return created;
  }

  private durationSamples(): Sample[] {
    const name = "mdqs_http_request_duration_seconds";
    const samples: Sample[] = [];
    for (const { endpoint, method, buckets, sum, count } of this.series) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += buckets[i] as number;
        samples.push({
          value: cumulative,
          labels: { endpoint, method, le: bound },
          metricName: `${name}_bucket`,
        });
      });
      samples.push(
        { value: count, labels: { endpoint, method, le: "+Inf" }, metricName: `${name}_bucket` },
        { value: sum, labels: { endpoint, method }, metricName: `${name}_sum` },
        { value: count, labels: { endpoint, method }, metricName: `${name}_count` },
      );
    }
    return samples;
  }
}
