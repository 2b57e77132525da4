// The policy-rate paths: dated tables of the levels SOFR, ESTER and SONIA follow, and the level on a day.
import { toDayNumber } from "../../interface/iso-day.ts";

// The level on a day is the last knot's value, or, when the next knot ramps, the linear interpolation
// towards it.

type Knot = readonly [date: string, value: number, mode?: "ramp"];

export interface Path {
  days: number[];
  values: number[];
  ramps: boolean[];
  /** Where the last lookup ended: days are asked for in ascending order, so the next starts from here. */
  cursor: number;
}

function path(knots: readonly Knot[]): Path {
  return {
    days: knots.map(([date]) => toDayNumber(date)),
    values: knots.map(([, value]) => value),
    ramps: knots.map(([, , mode]) => mode === "ramp"),
    cursor: 0,
  };
}

export function level(p: Path, day: number): number {
  // The last knot on or before `day` (the first knot if there is none).
  let i = (p.days[p.cursor] ?? 0) <= day ? p.cursor : 0;
  while (i + 1 < p.days.length && (p.days[i + 1] ?? 0) <= day) i++;
  p.cursor = i;
  const value = p.values[i] ?? 0;
  const nextDay = p.days[i + 1];
  const nextValue = p.values[i + 1];
  if (nextDay === undefined || nextValue === undefined || !p.ramps[i + 1]) return value;
  const start = p.days[i] ?? day;
  return value + ((nextValue - value) * (day - start)) / (nextDay - start);
}

// SOFR: the FOMC target range moves on the days they took effect, SOFR a few bp inside the range.
export const SOFR_PATH = path([
  ["2018-04-02", 1.75],
  ["2018-06-14", 1.91],
  ["2018-09-27", 2.2],
  ["2018-12-20", 2.41],
  ["2019-08-01", 2.14],
  ["2019-09-19", 1.88],
  ["2019-10-31", 1.57],
  ["2020-03-04", 1.1],
  ["2020-03-16", 0.1],
  ["2020-03-23", 0.03],
  ["2020-05-01", 0.05],
  ["2020-07-01", 0.08],
  ["2021-01-04", 0.06],
  ["2021-03-15", 0.02, "ramp"],
  ["2021-06-17", 0.05],
  ["2022-03-17", 0.3],
  ["2022-05-05", 0.8],
  ["2022-06-16", 1.55],
  ["2022-07-28", 2.3],
  ["2022-09-22", 3.05],
  ["2022-11-03", 3.8],
  ["2022-12-15", 4.3],
  ["2023-02-02", 4.55],
  ["2023-03-23", 4.8],
  ["2023-05-04", 5.05],
  ["2023-07-27", 5.31],
  ["2024-09-19", 4.85],
  ["2024-11-08", 4.6],
  ["2024-12-19", 4.3],
  ["2025-09-18", 4.15],
  ["2025-10-30", 3.9],
  ["2025-12-11", 3.65],
  ["2026-01-02", 3.62],
  ["2026-12-31", 3.4, "ramp"],
]);

/** The repo-market squeeze of September 2019. */
export const SOFR_OVERRIDES = new Map<number, number>([
  [toDayNumber("2019-09-16"), 2.43],
  [toDayNumber("2019-09-17"), 5.25],
  [toDayNumber("2019-09-18"), 2.55],
]);

// ESTER: the ECB deposit facility rate less about 9 bp (a few bp less before the 2022 hikes).
export const ESTER_PATH = path([
  ["2019-10-01", -0.549],
  ["2020-01-02", -0.54],
  ["2020-06-01", -0.54],
  ["2021-01-04", -0.56, "ramp"],
  ["2021-09-01", -0.57, "ramp"],
  ["2022-01-03", -0.58, "ramp"],
  ["2022-07-27", -0.09],
  ["2022-09-14", 0.65],
  ["2022-11-02", 1.4],
  ["2022-12-21", 1.9],
  ["2023-02-08", 2.4],
  ["2023-03-22", 2.9],
  ["2023-05-10", 3.15],
  ["2023-06-21", 3.4],
  ["2023-08-02", 3.65],
  ["2023-09-20", 3.9],
  ["2024-06-12", 3.65],
  ["2024-09-18", 3.4],
  ["2024-10-23", 3.15],
  ["2024-12-18", 2.9],
  ["2025-02-05", 2.65],
  ["2025-03-12", 2.4],
  ["2025-04-23", 2.15],
  ["2025-06-11", 1.92],
]);

// SONIA: Bank Rate, on the days the MPC's decisions took effect.
export const BANK_RATE = path([
  ["1997-01-02", 6],
  ["1997-05-06", 6.25],
  ["1997-06-06", 6.5],
  ["1997-07-10", 6.75],
  ["1997-08-07", 7],
  ["1997-11-06", 7.25],
  ["1998-06-04", 7.5],
  ["1998-10-08", 7.25],
  ["1998-11-05", 6.75],
  ["1998-12-10", 6.25],
  ["1999-01-07", 6],
  ["1999-02-04", 5.5],
  ["1999-04-08", 5.25],
  ["1999-06-10", 5],
  ["1999-09-08", 5.25],
  ["1999-11-04", 5.5],
  ["2000-01-13", 5.75],
  ["2000-02-10", 6],
  ["2001-02-08", 5.75],
  ["2001-04-05", 5.5],
  ["2001-05-10", 5.25],
  ["2001-08-02", 5],
  ["2001-09-18", 4.75],
  ["2001-10-04", 4.5],
  ["2001-11-08", 4],
  ["2003-02-06", 3.75],
  ["2003-07-10", 3.5],
  ["2003-11-06", 3.75],
  ["2004-02-05", 4],
  ["2004-05-06", 4.25],
  ["2004-06-10", 4.5],
  ["2004-08-05", 4.75],
  ["2005-08-04", 4.5],
  ["2006-08-03", 4.75],
  ["2006-11-09", 5],
  ["2007-01-11", 5.25],
  ["2007-05-10", 5.5],
  ["2007-07-05", 5.75],
  ["2007-12-06", 5.5],
  ["2008-02-07", 5.25],
  ["2008-04-10", 5],
  ["2008-10-08", 4.5],
  ["2008-11-06", 3],
  ["2008-12-04", 2],
  ["2009-01-08", 1.5],
  ["2009-02-05", 1],
  ["2009-03-05", 0.5],
  ["2016-08-04", 0.25],
  ["2017-11-02", 0.5],
  ["2018-08-02", 0.75],
  ["2020-03-11", 0.25],
  ["2020-03-19", 0.1],
  ["2021-12-16", 0.25],
  ["2022-02-03", 0.5],
  ["2022-03-17", 0.75],
  ["2022-05-05", 1],
  ["2022-06-16", 1.25],
  ["2022-08-04", 1.75],
  ["2022-09-22", 2.25],
  ["2022-11-03", 3],
  ["2022-12-15", 3.5],
  ["2023-02-02", 4],
  ["2023-03-23", 4.25],
  ["2023-05-11", 4.5],
  ["2023-06-22", 5],
  ["2023-08-03", 5.25],
  ["2024-08-01", 5],
  ["2024-11-07", 4.75],
  ["2025-02-06", 4.5],
  ["2025-05-08", 4.25],
  ["2025-08-07", 4],
  ["2025-12-18", 3.75],
]);

/** How far SONIA sat below Bank Rate once the 2006–09 reforms and abundant reserves had settled it. */
export const SONIA_SPREAD = path([
  ["2009-01-01", 0.07],
  ["2016-08-04", 0.05],
  ["2022-01-04", 0.06],
  ["2024-08-01", 0.05],
  ["2025-01-02", 0.04],
]);
