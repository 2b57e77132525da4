// The dashboard runs under a Content-Security-Policy without 'unsafe-eval'. zod compiles object parsers
// with `new Function` when it may, and finds out by trying once: a strict CSP reports that try as a
// violation even though zod catches the error. jitless turns both off (the parsers are as correct, and the
// dashboard's objects are small). Imported first by main.tsx, before anything parses.
import { config } from "zod";

config({ jitless: true });
