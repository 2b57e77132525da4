// Writes a benchmark's section of BENCHMARKS.md: the command, the machine, the date and the figures.
// Each benchmark owns the text between its markers; other sections are kept.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";

export function machine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}`;
}

export function writeSection(name: string, command: string, body: string): void {
  const file = "BENCHMARKS.md";
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const section = [
    start,
    `Command: \`${command}\`  `,
    `Machine: ${machine()}  `,
    `Run: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    body.trim(),
    end,
  ].join("\n");
  let text = existsSync(file)
    ? readFileSync(file, "utf8")
    : "# Benchmarks\n\nFigures from `npm run bench`. Speed targets are measured here, never in timed tests.\n";
  if (text.includes(start) && text.includes(end)) {
    text = text.slice(0, text.indexOf(start)) + section + text.slice(text.indexOf(end) + end.length);
  } else {
    text = `${text.trimEnd()}\n\n${section}\n`;
  }
  writeFileSync(file, text);
}

/** The median: the middle value, or the mean of the two middle ones; NaN for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
