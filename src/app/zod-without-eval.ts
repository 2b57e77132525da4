// The dashboard runs under a CSP without 'unsafe-eval', and zod's probe for `new Function` is reported as a
// violation even though zod catches it: jitless turns it off, before any chunk makes a schema.
import { config } from "zod";

config({ jitless: true });
