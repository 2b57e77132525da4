// Drives HTTP load at one URL from its own process (so the load generator does not share the server's
// event loop) and prints autocannon's figures as JSON:
// node bench/load.mjs <url> <seconds> <connections> [<request headers as JSON>]
import autocannon from "autocannon";

const [url, seconds = "8", connections = "16", headers = "{}"] = process.argv.slice(2);
const result = await autocannon({
  url,
  duration: Number(seconds),
  connections: Number(connections),
  pipelining: 1,
  headers: JSON.parse(headers),
});
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    // Bytes read per answer, headers included: two servers compared must send the same.
    bytesPerAnswer: result.throughput.total / Math.max(1, result.requests.total),
  }),
);
