import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { keepFormOnFailure, type ServerActionFailure } from "./server-action-failure";

/** What React Router throws for a non-app answer (a proxy's page): an error response. */
const proxyAnswer = (status: number) => ({
  status,
  statusText: "",
  internal: false,
  data: "<h1>proxy</h1>",
});

const answerFailure = (failure: ServerActionFailure) => ({ ok: false, failure: failure.kind });

describe("keepFormOnFailure", () => {
  it("passes the server's answer through", async () => {
    await expect(keepFormOnFailure(async () => ({ ok: true }), answerFailure)).resolves.toEqual({
      ok: true,
    });
  });

  it("answers a network error with the form's failure and a 503, so loaders are not re-run", async () => {
    const answer = await keepFormOnFailure(async () => {
      throw new TypeError("Failed to fetch");
    }, answerFailure);
    expect(answer).toMatchObject({
      data: { ok: false, failure: "unavailable" },
      init: { status: 503 },
    });
  });

  it("tells a proxy's 429 from its 5xx", async () => {
    for (const [status, failure, answered] of [
      [429, "rate-limited", 429],
      [502, "unavailable", 503],
    ] as const) {
      const answer = await keepFormOnFailure(async () => {
        throw proxyAnswer(status);
      }, answerFailure);
      expect(answer).toMatchObject({ data: { failure }, init: { status: answered } });
    }
  });

  it("lets a redirect through", async () => {
    const thrown = redirect("/login");
    await expect(
      keepFormOnFailure(async () => {
        throw thrown;
      }, answerFailure),
    ).rejects.toBe(thrown);
  });
});
