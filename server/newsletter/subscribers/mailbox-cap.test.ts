/**
 * The daily cap on confirmation e-mails per mailbox, against the spellings under which Gmail
 * delivers to one inbox (dots, capitals, +tags, googlemail.com), on SQLite and PostgreSQL.
 */
import { expect, it } from "vitest";
import { CONFIRMATIONS_PER_MAILBOX_PER_DAY } from "./confirmation-cap";
import { describeLeadApi } from "../../testing/lead-api";
import { apiPaths } from "../../../common/paths";

describeLeadApi("the confirmation cap", (api) => {
  it(`sends one Gmail inbox at most ${CONFIRMATIONS_PER_MAILBOX_PER_DAY} confirmations a day, however it is spelled`, async () => {
    const spellings = [
      "ama.mensah@gmail.com",
      "amamensah@gmail.com",
      "a.m.a.mensah@gmail.com",
      "AMA.MEN.SAH@GMAIL.COM",
      "ama.mensah+news@gmail.com",
      "amamensah@googlemail.com",
      "Ama.Mensah@googlemail.com",
      "a.mamensah+1@googlemail.com",
    ];
    for (const email of spellings) {
      // Every visitor gets the same answer: nothing tells a prober that the cap was reached.
      expect((await api.post(apiPaths.subscribe, { email })).statusCode, email).toBe(202);
    }
    await api.outbox.runOnce();
    expect(api.transport.sent).toHaveLength(CONFIRMATIONS_PER_MAILBOX_PER_DAY);
    // Each spelling is still its own subscriber, stored as typed (a person may filter by them).
    const stored = await api.db.selectFrom("newsletter_subscriptions").select("email").execute();
    expect(stored.map((row) => row.email).sort()).toEqual(
      [
        "ama.mensah@gmail.com",
        "amamensah@gmail.com",
        "a.m.a.mensah@gmail.com",
        "AMA.MEN.SAH@gmail.com",
        "ama.mensah+news@gmail.com",
        "amamensah@googlemail.com",
        "Ama.Mensah@googlemail.com",
        "a.mamensah+1@googlemail.com",
      ].sort(),
    );
    // Dots elsewhere may tell two people apart: their inboxes are capped each on their own.
    for (const email of ["ama.mensah@example.com", "amamensah@example.com"]) {
      await api.post(apiPaths.subscribe, { email });
    }
    await api.outbox.runOnce();
    expect(api.transport.sent).toHaveLength(CONFIRMATIONS_PER_MAILBOX_PER_DAY + 2);
  });
});
