/**
 * What the two staff e-mails that carry a sign-in link share (staff-sign-in.tsx,
 * staff-invitation.tsx): the greeting, their own words, the button and the fine print.
 */
import { type MailMessage, staffMail } from "../message";
import { EmailLayout } from "./layout";
import { ButtonLink, P, type RenderedEmail, renderEmail } from "./parts";

export interface SignInRecipient {
  email: string;
  name: string;
  signInUrl: string;
}

/** What tells one sign-in e-mail from the other. */
export interface SignInWords {
  subject: string;
  /** Paragraphs after the greeting. */
  lead: string[];
  /** How long the link works: "for 15 minutes", "within 7 days". */
  validity: string;
  ifUnexpected: string;
}

const finePrintOf = (words: SignInWords) =>
  `The link works once, ${words.validity}. ${words.ifUnexpected}, ignore this e-mail: nobody can sign in without the link.`;

export function SignInEmail({ name, signInUrl, words }: SignInRecipient & { words: SignInWords }) {
  return (
    <EmailLayout title={words.subject}>
      <P>{`Hello ${name},`}</P>
      {words.lead.map((line) => (
        <P key={line}>{line}</P>
      ))}
      <ButtonLink href={signInUrl}>Sign in</ButtonLink>
      <P>{finePrintOf(words)}</P>
    </EmailLayout>
  );
}

function signInText({ name, signInUrl }: SignInRecipient, words: SignInWords): string {
  return [
    `Hello ${name},`,
    ``,
    ...words.lead.flatMap((line) => [line, ``]),
    `Open this link and press the button on the page to sign in:`,
    signInUrl,
    ``,
    finePrintOf(words),
  ].join("\n");
}

export function renderSignInEmail(
  recipient: SignInRecipient,
  words: SignInWords,
): Promise<RenderedEmail> {
  return renderEmail(
    words.subject,
    <SignInEmail {...recipient} words={words} />,
    signInText(recipient, words),
  );
}

/** The e-mail as the outbox stores it, to the account's own address. */
export async function signInMessage(
  recipient: SignInRecipient,
  words: SignInWords,
): Promise<MailMessage> {
  return staffMail(recipient, await renderSignInEmail(recipient, words), {
    sign_in_url: recipient.signInUrl,
  });
}

/**
 * A kind of sign-in e-mail, from how its words follow from what it is given (the link's
 * validity, the invitation): its component, its rendering and its outbox message.
 */
export function signInKind<Given>(wordsOf: (given: Given) => SignInWords) {
  type Props = SignInRecipient & Given;
  return {
    Email: (props: Props) => <SignInEmail {...props} words={wordsOf(props)} />,
    render: (props: Props): Promise<RenderedEmail> => renderSignInEmail(props, wordsOf(props)),
    message: (props: Props): Promise<MailMessage> => signInMessage(props, wordsOf(props)),
  };
}
