/**
 * The frame of every e-mail the system sends: the page, its type and colours, the e-mail's
 * heading when it has one, and the footer naming the company (common/site.ts). Each e-mail of
 * this folder renders its body inside it, so a change of brand or footer is made here once.
 */
import { Body, Container, Head, Html, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import { site } from "../../../common/site";
import { colours } from "./parts";

const body: CSSProperties = {
  fontFamily: "Arial,sans-serif",
  color: colours.text,
  lineHeight: 1.5,
  backgroundColor: "#ffffff",
};
const heading: CSSProperties = { fontSize: "20px", color: colours.brand, margin: "16px 0" };
const footer: CSSProperties = { color: colours.muted, fontSize: "12px", lineHeight: 1.5 };

/** The company's line at the foot of every e-mail. */
export const COMPANY_LINE = `${site.legalName} · ${site.url}`;

export function EmailLayout({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Body style={body}>
        <Container style={{ padding: "0 12px" }}>
          {title ? <h1 style={heading}>{title}</h1> : null}
          {children}
          <Text style={footer}>{COMPANY_LINE}</Text>
        </Container>
      </Body>
    </Html>
  );
}
