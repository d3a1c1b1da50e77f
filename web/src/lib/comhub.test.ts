import { afterEach, describe, expect, it, vi } from "vitest";
import { FormRateLimited, FormRejected, FormTicket, postForm } from "./comhub";
import { json, mockFormFetch } from "./form-fetch-mock";

afterEach(() => vi.restoreAllMocks());

describe("postForm", () => {
  it("sends the ticket and honeypot, and resends once with a new ticket when the server refuses it", async () => {
    let n = 0;
    const { posts, tickets } = mockFormFetch(() => (++n === 1 ? json(400, { error: { code: "invalid", fields: { ticket: "ticketUsed" } } }) : json(202, { status: "accepted" })));
    const ticket = new FormTicket();
    const answer = await postForm({ formName: "sellCar", formSubmissionId: "abcdefgh1", values: {} }, { ticket, website: "", retryMs: 1 });
    expect(answer).toEqual({ status: "accepted" });
    expect(posts.map((p) => p.body.ticket)).toEqual(["v1.ticket1", "v1.ticket2"]);
    expect(posts.every((p) => p.body.website === "" && p.body.formSubmissionId === "abcdefgh1")).toBe(true);
    expect(tickets()).toBe(3); // first, the replacement, and the next form's after success
  });

  it("gives up on a second refused ticket with FormRejected", async () => {
    mockFormFetch(() => json(400, { error: { code: "invalid", fields: { ticket: "ticketInvalid" } } }));
    await expect(postForm({ formSubmissionId: "abcdefgh2" }, { retryMs: 1 })).rejects.toBeInstanceOf(FormRejected);
  });

  it("turns a 429 into FormRateLimited with the wait in minutes and does not retry", async () => {
    const { posts } = mockFormFetch(() => json(429, { error: { code: "rate_limited", message: "Too many" } }, { "Retry-After": "61" }));
    const err = (await postForm({ formSubmissionId: "abcdefgh3" }, { retryMs: 1 }).catch((e: unknown) => e)) as FormRateLimited;
    expect(err).toBeInstanceOf(FormRateLimited);
    expect(err.minutes).toBe(2);
    expect(err.serverMessage).toBe("Too many");
    expect(posts).toHaveLength(1);
  });

  it("waits for the ticket's minimum fill time", async () => {
    const notBefore = Date.now() + 120;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      if (String(input).endsWith("/api/forms/ticket")) return json(200, { ticket: "v1.x", notBefore, expiresAt: Date.now() + 3_600_000 });
      return json(202, {});
    });
    await postForm({ formSubmissionId: "abcdefgh4" }, { url: "/api/jotform" });
    expect(Date.now()).toBeGreaterThanOrEqual(notBefore - 5);
  });
});
