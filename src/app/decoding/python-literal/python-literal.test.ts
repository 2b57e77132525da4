import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_LITERAL_DEPTH, MAX_LITERAL_LENGTH, parsePythonLiteral } from "./python-literal.ts";
import { LiteralSyntaxError } from "./python-literal-error.ts";
import { PYTHON_REPR, pythonRepr, type ReprStyle } from "./testing/python-repr.ts";

/** The error parsePythonLiteral throws for `text`; fails the test when it throws none or another kind. */
function syntaxErrorOf(text: string): LiteralSyntaxError {
  try {
    parsePythonLiteral(text);
  } catch (error) {
    expect(error).toBeInstanceOf(LiteralSyntaxError);
    return error as LiteralSyntaxError;
  }
  throw new Error(`no error for ${JSON.stringify(text.slice(0, 60))}`);
}

describe("parsePythonLiteral reads what a Python server prints", () => {
  it("reads repr() of a resource dict: single quotes, True/False/None, floats", () => {
    const text =
      "{'Symbol': 'BTC', 'Price': 9777.19339776667, 'PriceYesterday': None, 'Ignore': False, 'Block': 0}";
    expect(parsePythonLiteral(text)).toEqual({
      Symbol: "BTC",
      Price: 9777.19339776667,
      PriceYesterday: null,
      Ignore: false,
      Block: 0,
    });
  });

  it("reads nested dicts and lists across lines, with trailing commas and comments", () => {
    const text = `{
      'Change': {'USD': [{'Symbol': 'EUR', 'Rate': 0.9,},],},  # the FX rates
      "Coins": [],
    }`;
    expect(parsePythonLiteral(text)).toEqual({ Change: { USD: [{ Symbol: "EUR", Rate: 0.9 }] }, Coins: [] });
  });

  it("reads tuples as arrays, a one-tuple, the empty tuple, and (x) as just x", () => {
    expect(parsePythonLiteral("('2020-05-19T08:02:09Z', None, 'MEDIR120', 'EOS', 2.62)")).toEqual([
      "2020-05-19T08:02:09Z",
      null,
      "MEDIR120",
      "EOS",
      2.62,
    ]);
    expect(parsePythonLiteral("(1,)")).toEqual([1]);
    expect(parsePythonLiteral("()")).toEqual([]);
    expect(parsePythonLiteral("(1)")).toBe(1);
    expect(parsePythonLiteral("((1, 2), [3, (4,)])")).toEqual([
      [1, 2],
      [3, [4]],
    ]);
  });

  it("reads plain JSON, true/false/null included", () => {
    const json = '{"a": [true, false, null, -1.5e-3, "x\\u00e9\\n"], "b": {}}';
    expect(parsePythonLiteral(json)).toEqual(JSON.parse(json));
  });

  it("decodes Python's string escapes", () => {
    const cases: [string, string][] = [
      [String.raw`'a\nb\tc\rd'`, "a\nb\tc\rd"],
      [String.raw`'\\ \' \"'`, `\\ ' "`],
      [String.raw`'\x41\xe9'`, "Aé"],
      [String.raw`'\u20ac\U0001F600'`, "€😀"],
      [String.raw`'\0\101\7'`, "\0A\x07"],
      [String.raw`'\a\b\f\v'`, "\x07\b\f\v"],
      [String.raw`'\d\/'`, String.raw`\d\/`],
      ["'one \\\ntwo'", "one two"],
      [String.raw`'\ud83d\ude00'`, "😀"],
    ];
    for (const [text, expected] of cases) expect(parsePythonLiteral(text), text).toBe(expected);
  });

  it("joins adjacent string literals and reads u, r and triple-quoted strings", () => {
    expect(parsePythonLiteral(`'a' "b"\n  'c'`)).toBe("abc");
    expect(parsePythonLiteral("{'na' 'me': 1}")).toEqual({ name: 1 });
    expect(parsePythonLiteral("u'caf\\xe9'")).toBe("café");
    expect(parsePythonLiteral(String.raw`r'\n\''`)).toBe(String.raw`\n\'`);
    expect(parsePythonLiteral("'''one\n'two'\n'''")).toBe("one\n'two'\n");
    expect(parsePythonLiteral('"""say "hi" """')).toBe('say "hi" ');
  });

  it("reads ints, floats, signs, exponents, underscores and 0x/0o/0b", () => {
    const cases: [string, number][] = [
      ["0", 0],
      ["-17", -17],
      ["+3", 3],
      ["1_000_000", 1_000_000],
      ["1.5", 1.5],
      [".5", 0.5],
      ["5.", 5],
      ["1e-07", 1e-7],
      ["-2.5E+3", -2500],
      ["1_0.0_1e1_0", 10.01e10],
      ["0x1F", 31],
      ["0o17", 15],
      ["0b101", 5],
      ["-0x_ff", -255],
      ["00", 0],
      // Beyond 2^53 an int loses precision, as it does in JSON.parse.
      ["123456789012345678901234567890", JSON.parse("123456789012345678901234567890")],
    ];
    for (const [text, expected] of cases) expect(parsePythonLiteral(text), text).toBe(expected);
    expect(Object.is(parsePythonLiteral("-0.0"), -0)).toBe(true);
  });

  it("reads json.dumps's NaN and ±Infinity, but not Python's inf/nan or float() calls", () => {
    expect(parsePythonLiteral("[NaN, Infinity, -Infinity, +Infinity]")).toEqual([
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.POSITIVE_INFINITY,
    ]);
    expect(syntaxErrorOf("[inf]").message).toMatch(/"inf" is not a Python literal/);
    expect(syntaxErrorOf("nan").message).toMatch(/"nan"/);
    expect(syntaxErrorOf("float('inf')").message).toMatch(/a call like float\(\.\.\.\) is not a literal/);
  });

  it("turns number keys into their text, and a repeated key keeps its last value", () => {
    expect(parsePythonLiteral("{1: 'a', 2.5: 'b', -3: 'c', 'x': 1, 'x': 2}")).toEqual({
      "1": "a",
      "2.5": "b",
      "-3": "c",
      x: 2,
    });
  });
});

describe("parsePythonLiteral's errors name the place and what was expected", () => {
  const cases: [string, RegExp][] = [
    ["", /expected a value, found the end of the text at 1:1/],
    ["[1, 2", /expected "," or "\]" after a list item, found the end of the text at 1:6/],
    ["{'a': 1,\n 'b' 2}", /expected ":" after a dict key, found "2" at 2:6/],
    ["{'a': 1}}", /expected the end of the text after the value, found "}" at 1:9/],
    ["[1,,2]", /expected a value, found "," at 1:4/],
    ["{1, 2}", /expected ":" after a dict key, found ","/],
    ["{True: 1}", /expected a string or number as a dict key, found "True"/],
    ["'abc", /unterminated string: expected its closing quote at 1:1/],
    ["['a\nb']", /unterminated string: a line break before its closing quote at 1:2/],
    ["'''abc''", /unterminated string/],
    ["'\\x4'", /expected 2 hex digits after \\x/],
    ["'\\U00110000'", /beyond U\+10FFFF/],
    ["'\\N{DASH}'", /named escapes/],
    ["01", /leading zeros are not allowed/],
    ["1_", /malformed number "1_"/],
    ["1__0", /malformed number/],
    ["1.2.3", /malformed number/],
    ["1e", /expected the digits of an exponent/],
    ["1j", /complex numbers are not supported/],
    ["0b102", /malformed base-2 integer/],
    ["b'bytes'", /the string prefix "b" is not supported/],
    ["Truex", /expected a value, found "Truex"/],
    ["{'a': @}", /expected a value, found "@" at 1:7/],
    ["<html>", /expected a value, found "<" at 1:1/],
  ];
  for (const [text, message] of cases) {
    it(`rejects ${JSON.stringify(text)}`, () => {
      const error = syntaxErrorOf(text);
      expect(error.message).toMatch(message);
      expect(error.name).toBe("LiteralSyntaxError");
    });
  }

  it("gives the line and column as fields too", () => {
    const error = syntaxErrorOf("[\n  1,\n  2 3]");
    expect([error.line, error.column, error.offset]).toEqual([3, 5, 11]);
  });
});

describe("parsePythonLiteral against hostile input", () => {
  it(`allows ${MAX_LITERAL_DEPTH} levels of nesting and refuses one more, of any bracket`, () => {
    expect(() =>
      parsePythonLiteral("[".repeat(MAX_LITERAL_DEPTH) + "]".repeat(MAX_LITERAL_DEPTH)),
    ).not.toThrow();
    for (const open of ["[", "(", "{'k': "]) {
      const error = syntaxErrorOf(open.repeat(MAX_LITERAL_DEPTH + 1));
      expect(error.message).toMatch(/nesting deeper than 256 levels/);
    }
    expect(syntaxErrorOf("[".repeat(1_000_000)).message).toMatch(/nesting deeper/);
  });

  it("refuses a text over the length limit before reading it", () => {
    const huge = " ".repeat(MAX_LITERAL_LENGTH + 1);
    expect(syntaxErrorOf(huge).message).toMatch(/more than the 67108864 a literal may have/);
  });

  it("reads a multi-megabyte string and refuses one left unterminated", () => {
    const long = "x".repeat(5_000_000);
    expect(parsePythonLiteral(`'${long}'`)).toBe(long);
    expect(syntaxErrorOf(`['${long}`).message).toMatch(/unterminated string.* at 1:2$/);
  });

  it("never lets a __proto__, constructor or prototype key reach a prototype", () => {
    const parsed = parsePythonLiteral(
      "{'__proto__': {'polluted': 1}, 'constructor': {'prototype': {'polluted': 2}}, 'a': [{'__proto__': None}]}",
    ) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.hasOwn(parsed, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(parsed, "__proto__")?.value).toEqual({ polluted: 1 });
    expect((parsed as { polluted?: unknown }).polluted).toBeUndefined();
    // The same as JSON.parse makes of the same document.
    const json =
      '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 2}}, "a": [{"__proto__": null}]}';
    expect(parsed).toEqual(JSON.parse(json));
  });

  it("throws only LiteralSyntaxError for any text, valid texts cut short included", () => {
    const anyText = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.string({ unit: fc.constantFrom(..."[](){},:'\"\\ \nTrueNonx0123456789.e+-_#ru") }),
      fc
        .jsonValue()
        .map((value) => pythonRepr(value))
        .chain((text) => fc.nat({ max: text.length }).map((cut) => text.slice(0, cut))),
    );
    fc.assert(
      fc.property(anyText, (text) => {
        try {
          parsePythonLiteral(text);
        } catch (error) {
          expect(error).toBeInstanceOf(LiteralSyntaxError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("parsePythonLiteral round-trips Python's printing of JSON values", () => {
  const style: fc.Arbitrary<ReprStyle> = fc.record({
    quote: fc.constantFrom("python", "single", "double"),
    tuples: fc.boolean(),
    escapeNonAscii: fc.boolean(),
    trailingCommas: fc.boolean(),
    wholeAsFloat: fc.boolean(),
  });

  it("reads repr() exactly as it was printed", () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: "binary" }), (value) => {
        expect(parsePythonLiteral(pythonRepr(value, PYTHON_REPR))).toEqual(value);
      }),
      { numRuns: 500 },
    );
  });

  it("reads every quoting, tuple and escaping choice Python leaves open", () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: "grapheme" }), style, (value, s) => {
        expect(parsePythonLiteral(pythonRepr(value, s))).toEqual(value);
      }),
      { numRuns: 500 },
    );
  });

  it("reads JSON.stringify's output as JSON.parse does", () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: "binary" }), fc.constantFrom(undefined, 2), (value, indent) => {
        const json = JSON.stringify(value, null, indent);
        expect(parsePythonLiteral(json)).toEqual(JSON.parse(json));
      }),
      { numRuns: 500 },
    );
  });
});
