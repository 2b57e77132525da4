// Dates and times as the reader's locale writes them, through formats made once: toLocaleString builds a
// new Intl.DateTimeFormat on every call, which a table repeats per row.

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
