// The candle view's bucket being formed, moved by the browser's one live stream: following it changes the
// stream's subjects (no request spent), and each candle event moves the chart's last bar in place.
import { useEffect, useRef } from "react";
import type { ChartScale } from "../../interface/chart-window.ts";
import type { LiveCandle, LiveSubjects } from "../../interface/live-events.ts";
import { useLiveCandle, useLiveSubjects } from "../live/live-context.tsx";
import { candleKey } from "../live/live-subjects.ts";
import type { FormingCandle } from "./candle-bars.ts";
import type { CandleChartModel } from "./candle-chart-model.ts";

/** What the chart forms: a symbol's candles on an exchange (null: all) at a scale (raw: the block's). */
export interface FormedSeries {
  symbol: string;
  exchange: string | null;
  scale: ChartScale;
}

/** `series` null: the chart shows no live candles (the line view, or a range that ended in the past). */
export function useFormingCandle(
  model: CandleChartModel | null,
  id: string,
  series: FormedSeries | null,
): void {
  const subject: LiveSubjects["candles"][number] | null =
    series === null
      ? null
      : {
          symbol: series.symbol,
          exchange: series.exchange,
          scale: series.scale === "raw" ? "block" : series.scale,
        };
  useLiveSubjects(subject === null ? null : { prices: [], trades: [], candles: [subject] });
  const formed = useLiveCandle(subject ?? NOTHING);
  const candle = subject === null ? undefined : formed?.candle;
  const closed = subject === null ? null : (formed?.closed ?? null);
  const key = subject === null ? null : candleKey(subject);
  const drawnKey = useRef<string | null>(null);
  useEffect(() => {
    if (!model) return;
    // Another series (scale, exchange): the bars of the one before go first, not drawn under the new one.
    if (drawnKey.current !== key) model.formCandle(id, null);
    drawnKey.current = key;
    model.formCandle(id, candle === undefined ? null : figuresOf(candle), closed && figuresOf(closed));
  }, [model, id, key, candle, closed]);
}

function figuresOf(candle: LiveCandle): FormingCandle {
  return {
    time: Date.parse(candle.start) / 1000,
    open: candle.open,
    high: candle.high,
    low: candle.low,
    close: candle.close,
    volume: candle.volume,
    buyVolume: candle.buyVolume,
    sellVolume: candle.sellVolume,
    trades: candle.trades,
  };
}

/** A subject no stream is told of, for the hook's reader when the chart follows none. */
const NOTHING = { symbol: "", exchange: null, scale: "block" };
