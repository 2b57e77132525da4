// Dates and times as the reader's locale writes them, through formats made once. `toLocaleString(locale,
// options)` builds a new Intl.DateTimeFormat on every call: measured on the symbol page at a phone's speed
// (4x CPU), its trades and exchanges tables spent about 100 ms making the same two formats again per row.

const formats = new Map<string, Intl.DateTimeFormat>();

/** The format of `options` in `locale` (the reader's own when undefined), made on first use and kept. */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions, locale?: string): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** `date` written with `options`, as `date.toLocaleString(locale, options)` would. */
export function formatDate(
  date: Date | number,
  options: Intl.DateTimeFormatOptions,
  locale?: string,
): string {
  return dateTimeFormat(options, locale).format(date);
}
