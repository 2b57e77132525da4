// A loopback port nobody listens on right now: the kernel picks it for a moment's listener, which is closed
// again. Another process may take it before the caller does, so starters retry on "address in use".
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error("no free port given"))));
    });
  });
}
