// Worker threads start from plain JavaScript: register tsx's TypeScript loader in this thread, then load
// the worker itself.
import { register } from "tsx/esm/api";

register();
await import("./seed-worker.ts");
