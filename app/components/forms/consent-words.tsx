import { type ConsentForm, currentWording, policyLinkParts } from "@leads/consent";
import { pagePaths } from "@common/paths";

/**
 * A form's current consent wording (leads/consent.ts) as the visitor reads it, its "privacy
 * policy" a link to the policy: the very text the server records with the lead.
 */
export function ConsentWords({
  form,
  linkClassName = "font-semibold text-brand-700 underline",
}: {
  form: ConsentForm;
  /** The link's look: the default suits a light background. */
  linkClassName?: string;
}) {
  const { before, link, after } = policyLinkParts(currentWording(form).text);
  return (
    <>
      {before}
      {link ? (
        <a href={`${pagePaths.termsAndConditions}#privacy-policy`} className={linkClassName}>
          {link}
        </a>
      ) : null}
      {after}
    </>
  );
}

/**
 * Which wording the page showed, posted with the form (also without JavaScript), so that a page
 * cached before a new wording records the old one it displayed.
 */
export function ConsentVersionField({ form }: { form: ConsentForm }) {
  return <input type="hidden" name="consentVersion" value={currentWording(form).version} />;
}
