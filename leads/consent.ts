/**
 * The exact words each lead form shows where the visitor agrees to something: the newsletter's
 * sentence under its field, the contact form's policy checkbox, the demo forms' notice by their
 * button. The forms render these texts, and the server stores the one a lead was sent with
 * (server/people/consent-wordings.ts), so what staff and the person's access export show is what the
 * form said. See docs/decisions/0033-consent-on-record.md.
 *
 * Changing a wording means adding a new version in front of the old ones, never editing a text in
 * place: rows already stored name a version, and an old cached page still posts its own. Kept
 * free of zod, like source.ts: the pages load it up front.
 */

/** The forms that record a consent (consent_wordings.form in the database). */
export const CONSENT_FORMS = ["newsletter", "contact", "demo"] as const;
export type ConsentForm = (typeof CONSENT_FORMS)[number];

export interface ConsentWording {
  /** The day the wording was first shown, "2026-11-27"; unique per form. */
  version: string;
  text: string;
}

/** The words of a wording that link to the privacy policy, where the form shows it. */
export const PRIVACY_POLICY_WORDS = "privacy policy";

/** Each form's wordings, the current one first. */
export const CONSENT_WORDINGS: Record<ConsentForm, readonly [ConsentWording, ...ConsentWording[]]> =
  {
    newsletter: [
      {
        version: "2026-11-27",
        text:
          "Our newsletter comes about once a month. You confirm by e-mail first, and can " +
          "unsubscribe at any time. See our privacy policy.",
      },
    ],
    contact: [{ version: "2026-11-27", text: "I agree to the privacy policy." }],
    demo: [
      {
        version: "2026-11-27",
        text: "By sending this form you agree to our privacy policy.",
      },
    ],
  };

/** The wording a form shows now. */
export function currentWording(form: ConsentForm): ConsentWording {
  return CONSENT_WORDINGS[form][0];
}

/**
 * The wording of `version` when the form has one by that name; otherwise (an unknown or missing
 * version, e.g. a page cached before versions were posted) the current one.
 */
export function wordingOf(form: ConsentForm, version: string | undefined): ConsentWording {
  return (
    CONSENT_WORDINGS[form].find((wording) => wording.version === version) ?? currentWording(form)
  );
}

/** A wording split around its link to the privacy policy, for the forms to render. */
export function policyLinkParts(text: string): { before: string; link: string; after: string } {
  const at = text.indexOf(PRIVACY_POLICY_WORDS);
  if (at < 0) return { before: text, link: "", after: "" };
  return {
    before: text.slice(0, at),
    link: PRIVACY_POLICY_WORDS,
    after: text.slice(at + PRIVACY_POLICY_WORDS.length),
  };
}
