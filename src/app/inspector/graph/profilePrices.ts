/**
 * A profile's prices after one price field changes. Input and output prices come as a pair: a
 * price set alone makes the other one 0 (shown, so the person sees and fills it), and clearing
 * every price leaves the profile without prices.
 */
import type { ModelPrices } from "../../../schema/index.js";

export type PriceField = keyof ModelPrices;

/**
 * @example withPrice(undefined, "input_per_million", 2.5) // { input_per_million: 2.5, output_per_million: 0 }
 */
export function withPrice(prices: ModelPrices | undefined, field: PriceField, value: number | undefined): ModelPrices | undefined {
  const next: Partial<ModelPrices> = { ...prices };
  if (value === undefined) delete next[field];
  else next[field] = value;
  if (Object.values(next).every((v) => v === undefined)) return undefined;
  const { input_per_million = 0, output_per_million = 0, cached_input_per_million, cache_write_per_million } = next;
  return {
    input_per_million,
    output_per_million,
    ...(cached_input_per_million !== undefined ? { cached_input_per_million } : {}),
    ...(cache_write_per_million !== undefined ? { cache_write_per_million } : {}),
  };
}
