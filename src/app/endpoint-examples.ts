// Example requests the placeholder page links to.
export const ENDPOINT_EXAMPLES = [
  { path: "/v1/coins", what: "all coins by market cap" },
  { path: "/v1/quotation/BTC", what: "the BTC quotation" },
  { path: "/v1/symbol/ETH", what: "ETH details per exchange" },
  { path: "/v1/chartPointsAllExchanges/MEDIR120/BTC?scale=1h", what: "BTC hourly chart points" },
  { path: "/v1/interestrate/ESTER", what: "the latest €STR fixing" },
] as const;
