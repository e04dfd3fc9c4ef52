/**
 * What the e-mails of this folder share besides the layout: the colours, a paragraph, a link, the
 * button-like link, the rule and the small print, and `renderEmail`, which renders an e-mail's
 * component to HTML beside its text part. Text in JSX is written as one string (`{`Hello
 * ${name},`}`), so that React puts no `<!-- -->` between its pieces.
 */
import { Hr, Link, Text } from "@react-email/components";
import { render } from "@react-email/render";
import type { CSSProperties, ReactElement, ReactNode } from "react";

export const colours = { brand: "#0b5d3b", text: "#14201a", muted: "#4a5a52", rule: "#dddddd" };

const paragraph: CSSProperties = {
  fontSize: "14px",
  lineHeight: 1.5,
  marginTop: "12px",
  marginBottom: "12px",
};
const link: CSSProperties = { color: colours.brand, textDecorationLine: "underline" };
const button: CSSProperties = {
  display: "inline-block",
  background: colours.brand,
  color: "#ffffff",
  padding: "10px 18px",
  borderRadius: "999px",
  textDecoration: "none",
};

export function P({ children, small }: { children: ReactNode; small?: boolean }) {
  return <Text style={small ? { ...paragraph, fontSize: "12px" } : paragraph}>{children}</Text>;
}

export function A({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={link}>
      {children}
    </Link>
  );
}

/** The e-mail's one action, as a button: a link, so that it works in every mail client. */
export function ButtonLink({ href, children }: { href: string; children: string }) {
  return (
    <Text style={paragraph}>
      <Link href={href} style={button}>
        {children}
      </Link>
    </Text>
  );
}

export function Rule() {
  return <Hr style={{ border: 0, borderTop: `1px solid ${colours.rule}`, margin: "16px 0" }} />;
}

/** An e-mail's subject and its two bodies, as a transport sends them. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The e-mail's component as HTML, with its text part (written for reading) and subject. */
export async function renderEmail(
  subject: string,
  element: ReactElement,
  text: string,
): Promise<RenderedEmail> {
  return { subject, html: await render(element), text };
}
