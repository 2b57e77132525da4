/** A body that is not a Python literal; the message says where (line:column) and what was expected. */
export class LiteralSyntaxError extends SyntaxError {
  /** Index into the text, in UTF-16 code units. */
  readonly offset: number;
  readonly line: number;
  readonly column: number;

  constructor(text: string, offset: number, problem: string) {
    // Lines are counted only now, on failure, so the scanner never tracks them.
    let line = 1;
    let lineStart = 0;
    for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
      line++;
      lineStart = i + 1;
    }
    const column = offset - lineStart + 1;
    super(`${problem} at ${line}:${column}`);
    this.name = "LiteralSyntaxError";
    this.offset = offset;
    this.line = line;
    this.column = column;
  }
}
