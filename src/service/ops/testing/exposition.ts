// Reads the samples out of Prometheus's text exposition format, as a scraper would (the metrics' tests).
// Only what the service writes: `name{label="value",...} number` lines; comments and blank lines skipped.

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{.*\})?) (\S+)$/;

/** Each sample's value by its series as written, e.g. `mdqs_refusals_total{reason="limit"}`. */
export function exposedSamples(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line of the exposition format: ${line}`);
    samples.set(match[1] as string, Number(match[2]));
  }
  return samples;
}

/** The HELP text of each metric family. */
export function exposedHelp(text: string): Map<string, string> {
  const help = new Map<string, string>();
  for (const line of text.split("\n")) {
    const match = /^# HELP (\S+) (.*)$/.exec(line);
    if (match) help.set(match[1] as string, match[2] as string);
  }
  return help;
}
