// The dashboard runs under a Content-Security-Policy without 'unsafe-eval'. zod compiles object parsers
// with `new Function` when it may, and finds out by trying once: a strict CSP reports that try as a
// violation even though zod catches the error. jitless turns both off (the parsers are as correct, and the
// dashboard's objects are small). zod probes as a schema is made, which happens as soon as a chunk that
// defines schemas runs: main.tsx imports this module before any part that makes one, and vite.config.ts
// puts it into zod's own chunk, so it runs before any of them.
import { config } from "zod";

config({ jitless: true });
