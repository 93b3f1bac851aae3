const SYMBOLS: Record<"RUB" | "USD" | "EUR", string> = { RUB: "₽", USD: "$", EUR: "€" };

export function formatPrice(kopecks: number, currency: "RUB" | "USD" | "EUR"): string {
  const symbol = SYMBOLS[currency];
  if (!symbol) {
    throw new Error(`unknown currency ${currency}`);
  }
  const sign = kopecks < 0 ? "-" : "";
  const abs = Math.abs(kopecks);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  const cents = String(abs % 100).padStart(2, "0");
  return `${sign}${whole},${cents} ${symbol}`;
}
