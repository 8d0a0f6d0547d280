import { describe, expect, it } from "vitest";
import { withPrice } from "./profilePrices";

describe("a profile's prices as its fields change", () => {
  it("pairs a first price with a zero for the other of input and output", () => {
    expect(withPrice(undefined, "output_per_million", 10)).toEqual({ input_per_million: 0, output_per_million: 10 });
    expect(withPrice(undefined, "cached_input_per_million", 1.25)).toEqual({ input_per_million: 0, output_per_million: 0, cached_input_per_million: 1.25 });
  });

  it("changes one price and keeps the others", () => {
    const prices = { input_per_million: 2.5, output_per_million: 10, cached_input_per_million: 1.25 };
    expect(withPrice(prices, "input_per_million", 3)).toEqual({ ...prices, input_per_million: 3 });
    expect(withPrice(prices, "cached_input_per_million", undefined)).toEqual({ input_per_million: 2.5, output_per_million: 10 });
  });

  it("leaves the profile without prices once every price is cleared", () => {
    expect(withPrice({ input_per_million: 1, output_per_million: 0 }, "input_per_million", undefined)).toEqual({ input_per_million: 0, output_per_million: 0 });
    expect(withPrice({ input_per_million: 1 } as never, "input_per_million", undefined)).toBeUndefined();
  });
});
