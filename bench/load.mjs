// Drives HTTP load at one URL from its own process (so the load generator does not share the server's
// event loop) and prints autocannon's figures as JSON: node bench/load.mjs <url> <seconds> <connections>
import autocannon from "autocannon";

const [url, seconds = "8", connections = "16"] = process.argv.slice(2);
const result = await autocannon({
  url,
  duration: Number(seconds),
  connections: Number(connections),
  pipelining: 1,
});
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }),
);
