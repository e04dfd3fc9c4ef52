import remittanceImage from "~/assets/images/service-remittance.svg";
import { site } from "@common/site";
import type { HeroCopy } from "./hero";
import type { Feature, Step } from "./types";

/** The remittance page: international payouts into Ghana for money transfer organisations. */
export interface RemittancePage extends HeroCopy {
  features: Feature[];
  steps: Step[];
  /** The channels beneficiaries in Ghana can be paid through. */
  corridors: string[];
  /** Target of the Access Payouts API button. */
  payoutsApiUrl: string;
  /** Target of the further link to the USSD API docs. */
  ussdApiUrl: string;
}

export const remittancePage: RemittancePage = {
  seo: {
    title: "Remittance Payouts into Ghana for MTOs",
    description:
      "MTOs pay beneficiaries in Ghana through one API: to mobile money wallets, bank accounts and cash pick-up points, with name checks and AML/CFT controls.",
  },
  eyebrow: "Remittance",
  headline: "Fast, compliant payouts into Ghana",
  intro: `Money transfer organisations use one connection to pay beneficiaries anywhere in Ghana. Deliver funds to mobile money wallets and bank accounts in real time, through a payment service provider licensed by the ${site.licence.regulator}.`,
  image: remittanceImage,
  imageAlt: "",
  features: [
    {
      title: "Real-time delivery",
      description:
        "Transfers to mobile money wallets complete in seconds, day or night, every day of the year.",
    },
    {
      title: "Name checks before payout",
      description:
        "Confirm the beneficiary's registered name before you release funds, to cut errors and fraud.",
    },
    {
      title: "Compliance built in",
      description:
        "Sanctions screening, transaction monitoring and AML/CFT controls run on every transfer.",
    },
    {
      title: "Clear settlement and reporting",
      description:
        "Pre-fund your payout balance and reconcile every transfer with detailed daily statements.",
    },
  ],
  steps: [
    {
      title: "Integrate once",
      description:
        "Connect to the Payouts API and test end to end in our sandbox before you go live.",
    },
    {
      title: "Pre-fund your balance",
      description:
        "Fund your payout account and agree transaction limits with our partnerships team.",
    },
    {
      title: "Pay beneficiaries",
      description:
        "Send each transfer with the beneficiary's details. We deliver it and confirm the final status.",
    },
  ],
  corridors: [
    "Mobile money wallets on the major networks in Ghana",
    "Accounts at banks in Ghana, through instant GhIPSS transfers",
    "Rural and community bank and savings and loans accounts",
    "Cash pick-up at partner agent locations",
  ],
  payoutsApiUrl: site.docs.payouts,
  ussdApiUrl: site.docs.ussd,
};
