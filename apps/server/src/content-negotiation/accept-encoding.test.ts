import { describe, expect, it } from "vitest";
import { codingWeights } from "./accept-encoding";

describe("codingWeights", () => {
  it.each([
    [undefined, { br: 0, gzip: 0, identity: 1 }],
    ["  ", { br: 0, gzip: 0, identity: 1 }],
    ["gzip, deflate", { br: 0, gzip: 1, identity: 1 }],
    ["gzip, deflate, br, zstd", { br: 1, gzip: 1, identity: 1 }],
    ["GZIP;q=0.5", { br: 0, gzip: 0.5, identity: 1 }],
    ["*", { br: 1, gzip: 1, identity: 1 }],
    ["br;q=0, *;q=0.3", { br: 0, gzip: 0.3, identity: 0.3 }],
    ["gzip, *;q=0", { br: 0, gzip: 1, identity: 0 }],
    ["identity;q=0, deflate", { br: 0, gzip: 0, identity: 0 }],
  ])("Accept-Encoding %j weighs %j", (header, expected) => {
    expect(codingWeights(header)).toEqual(expected);
    // Asked again, the remembered weights are the same.
    expect(codingWeights(header)).toEqual(expected);
  });

  it("stays right past the number of header values it remembers", () => {
    for (let index = 0; index < 200; index++) {
      expect(codingWeights(`gzip, x-${index}`).gzip).toBe(1);
      expect(codingWeights(`gzip;q=0, x-${index}`).gzip).toBe(0);
    }
    expect(codingWeights("gzip, deflate, br, zstd").br).toBe(1);
  });
});
