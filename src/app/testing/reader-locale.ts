// Test support: the reader's locale and time zone, fixed, so labels made with the defaults (a locale of
// undefined, no timeZone) are the same literal strings on every machine. Modules make their formats at load:
// fix the reader first, then import them (a dynamic import), and call the returned restore after the tests.
// Not imported by the app.

export function fixReaderLocale(locale: string, timeZone: string): () => void {
  const RealDateTimeFormat = Intl.DateTimeFormat;
  const zoneBefore = process.env.TZ;
  // Node re-reads the zone when TZ is assigned: Date and Intl.DateTimeFormat default to it from then on.
  process.env.TZ = timeZone;
  // The default locale comes from the environment (LANG) at start and cannot be changed after: a format
  // made without a locale is given this one instead.
  class ReaderDateTimeFormat extends RealDateTimeFormat {
    constructor(locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
      super(locales ?? locale, options);
    }
  }
  Intl.DateTimeFormat = ReaderDateTimeFormat as typeof Intl.DateTimeFormat;
  return () => {
    Intl.DateTimeFormat = RealDateTimeFormat;
    if (zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = zoneBefore;
  };
}
