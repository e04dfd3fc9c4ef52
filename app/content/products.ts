import productAslanImage from "~/assets/images/product-aslan.svg";
import productBankingImage from "~/assets/images/product-banking.svg";
import productPensionsImage from "~/assets/images/product-pensions.svg";
import productSchoolBillingImage from "~/assets/images/product-school-billing.svg";
import { type DemoPath, type ProductPath, demoPaths, productPaths } from "@common/paths";
import { site } from "@common/site";
import type { HeroCopy } from "./hero";
import type { Feature } from "./types";

/** One of the four software product pages that share the product layout (app/routes/product.tsx). */
export interface ProductPage extends HeroCopy {
  name: string;
  /** Target of the Request a Demo link. */
  demoPath: DemoPath;
  /** "Built for" lines. */
  audiences: string[];
  features: Feature[];
  featuresHeading: string;
  benefits: Feature[];
}

/** Each product page's copy, by the page's path. */
export const productPages: Record<ProductPath, ProductPage> = {
  [productPaths.pensions]: {
    name: "Pension Management System",
    seo: {
      title: "Pension Management System for Ghanaian Schemes",
      description:
        "Manage contributions, member records, statements and benefit payments for Tier 2 and Tier 3 pension schemes, with NPRA reporting built in.",
    },
    eyebrow: "Pension Management System",
    headline: "Run your pension scheme on one platform",
    intro:
      "Built for Ghana's three-tier pension system, it takes employer contributions from schedule to member account, keeps every member record up to date and pays benefits on time. Trustees, administrators and employers all work from the same data.",
    image: productPensionsImage,
    imageAlt: "",
    demoPath: demoPaths["pension-management"],
    audiences: [
      "Corporate trustees of Tier 2 and Tier 3 schemes",
      "Pension fund administrators",
      "Employers running occupational and provident fund schemes",
      "Fund managers and custodians who need accurate scheme data",
    ],
    featuresHeading: "Everything you need to run a pension scheme",
    features: [
      {
        title: "Contribution management",
        description:
          "Receive monthly schedules from employers, validate them and allocate contributions to member accounts automatically.",
      },
      {
        title: "Employer portal",
        description:
          "Employers upload schedules, pay by bank transfer or mobile money, track arrears and download receipts online.",
      },
      {
        title: "Member records and statements",
        description:
          "Keep one record per member, linked to their Ghana Card number, and issue statements on demand.",
      },
      {
        title: "Member self-service",
        description: `Members check balances and request statements online or by dialling ${site.ussdCode} on any phone.`,
      },
      {
        title: "Benefit processing",
        description:
          "Calculate and pay lump sums, withdrawals and transfers straight to bank accounts or mobile money wallets.",
      },
      {
        title: "Regulatory reporting",
        description:
          "Produce the returns and reports the NPRA expects directly from your scheme data, without spreadsheets.",
      },
    ],
    benefits: [
      {
        title: "Accurate member balances",
        description:
          "Automatic allocation and reconciliation mean every cedi is in the right account.",
      },
      {
        title: "Faster benefit payments",
        description:
          "Pay retirees and leavers directly, without cheques or long queues at the office.",
      },
      {
        title: "Audit-ready at all times",
        description:
          "A complete history of every contribution, change and payment, ready for auditors and the regulator.",
      },
    ],
  },
  [productPaths.banking]: {
    name: "Core Banking",
    seo: {
      title: "Core Banking for Rural Banks and Microfinance",
      description:
        "A cloud core banking system for rural and community banks, savings and loans companies and microfinance institutions, with mobile money built in.",
    },
    eyebrow: "Core Banking",
    headline: "Core banking built for community finance",
    intro:
      "A modern, cloud-hosted core banking system for the institutions closest to Ghana's communities. Open accounts, manage loans and deposits, and connect customers to mobile money and instant bank transfers from one platform.",
    image: productBankingImage,
    imageAlt: "",
    demoPath: demoPaths.banking,
    audiences: [
      "Rural and community banks",
      "Savings and loans companies",
      "Microfinance institutions",
      "Credit unions and co-operative societies",
    ],
    featuresHeading: "Core banking features",
    features: [
      {
        title: "Customer onboarding and KYC",
        description:
          "Open accounts quickly, verify customers with their Ghana Card and keep KYC records up to date.",
      },
      {
        title: "Deposits and savings",
        description:
          "Run current, savings, fixed deposit and susu accounts, with field collection on a mobile app.",
      },
      {
        title: "Loans management",
        description:
          "Handle applications, appraisal, disbursement, repayment schedules and arrears in one place.",
      },
      {
        title: "Mobile money and bank transfers",
        description:
          "Let customers move money between their accounts and mobile money wallets, and send GhIPSS instant transfers.",
      },
      {
        title: "Accounting and general ledger",
        description:
          "Every transaction posts to the general ledger in real time, with trial balance and financial statements on demand.",
      },
      {
        title: "Regulatory reporting",
        description:
          "Generate Bank of Ghana returns and management reports from live data, not spreadsheets.",
      },
    ],
    benefits: [
      {
        title: "Lower running costs",
        description:
          "Cloud hosting means no server room to maintain and predictable monthly costs.",
      },
      {
        title: "Serve customers anywhere",
        description:
          "Mobile money, USSD and field collection bring your branch to customers' doorsteps.",
      },
      {
        title: "Stay on top of compliance",
        description:
          "Built-in controls, audit trails and reporting help you meet supervisory requirements with confidence.",
      },
    ],
  },
  [productPaths.aslan]: {
    name: "ASLAN",
    seo: {
      title: "ASLAN: Digital Tools for Savings Groups and Susu",
      description:
        "ASLAN digitises VSLAs and susu groups: member savings, loans, social funds, meetings and share-outs, with mobile money and USSD for members on any phone.",
    },
    eyebrow: "ASLAN",
    headline: "Digital tools for savings groups and susu",
    intro:
      "ASLAN brings village savings and loan associations, susu groups and their members into the digital economy. Groups keep transparent records, save with mobile money instead of cash and build the history they need to access formal finance.",
    image: productAslanImage,
    imageAlt: "",
    demoPath: demoPaths.aslan,
    audiences: [
      "Village savings and loan associations (VSLAs)",
      "Susu collectors and susu groups",
      "NGOs and programmes that support savings groups",
      "Rural banks and microfinance institutions serving groups",
    ],
    featuresHeading: "14 features built for savings groups",
    features: [
      {
        title: "Group registration",
        description:
          "Register groups, members and executives with their Ghana Card details in minutes.",
      },
      {
        title: "Member savings records",
        description: "Record each member's share purchases and savings at every meeting.",
      },
      {
        title: "Mobile money contributions",
        description: "Members contribute from their wallets, so less cash is carried to meetings.",
      },
      {
        title: "USSD access",
        description: `Members check balances and contribute by dialling ${site.ussdCode} on any phone.`,
      },
      {
        title: "Loan requests and approvals",
        description:
          "Members apply for loans from the group fund and executives approve them in the app.",
      },
      {
        title: "Repayment reminders",
        description:
          "Repayment schedules are created automatically, with SMS reminders before each due date.",
      },
      {
        title: "Social fund management",
        description:
          "Track welfare contributions and support paid out for funerals, illness and emergencies.",
      },
      {
        title: "Meeting records",
        description: "Record attendance, fines and decisions for every meeting.",
      },
      {
        title: "Share-out calculation",
        description:
          "Work out each member's share at the end of the cycle, automatically and fairly.",
      },
      {
        title: "Digital susu collection",
        description:
          "Susu collectors record daily contributions on their phones and send SMS receipts.",
      },
      {
        title: "Member statements",
        description: "Every member gets a clear statement of their savings, loans and share-out.",
      },
      {
        title: "Bank linkage",
        description:
          "Link groups to partner banks and build the credit history needed for formal loans.",
      },
      {
        title: "Offline mode",
        description: "Record transactions without internet and sync when the signal returns.",
      },
      {
        title: "Facilitator dashboard",
        description:
          "NGOs and field officers follow group performance across communities in one view.",
      },
    ],
    benefits: [
      {
        title: "Transparent records",
        description:
          "Every member can see what was saved, borrowed and repaid, which builds trust in the group.",
      },
      {
        title: "Safer money",
        description:
          "Mobile money contributions mean less cash in the box and less risk of loss or theft.",
      },
      {
        title: "A path to formal finance",
        description:
          "A digital savings history helps groups and members open accounts and qualify for loans.",
      },
    ],
  },
  [productPaths.schoolBilling]: {
    name: "School Billing & Payments",
    seo: {
      title: "School Billing and Fee Payments",
      description:
        "Bill school fees by class and term, let parents pay by mobile money, card, bank or USSD, and reconcile every payment automatically. Built for Ghanaian schools.",
    },
    eyebrow: "School Billing & Payments",
    headline: "School fees billed, collected and reconciled",
    intro:
      "Send every parent an accurate bill, let them pay from anywhere and see each payment recorded against the right student. Your bursary spends less time counting cash and more time supporting the school.",
    image: productSchoolBillingImage,
    imageAlt: "",
    demoPath: demoPaths["school-billing"],
    audiences: [
      "Private basic and junior high schools",
      "Senior high schools",
      "Universities, colleges and training institutes",
      "School groups with several campuses",
    ],
    featuresHeading: "Billing and payment features",
    features: [
      {
        title: "Fee schedules and bills",
        description:
          "Set fees by class, term, boarding status and optional items, then bill every student in one run.",
      },
      {
        title: "Pay any way",
        description: `Parents pay by mobile money, card, bank transfer or by dialling ${site.ussdCode}. No trips to the bank.`,
      },
      {
        title: "Automatic reconciliation",
        description: "Each payment is matched to the right student and bill the moment it arrives.",
      },
      {
        title: "Arrears and reminders",
        description:
          "See who owes what at a glance and send SMS reminders to parents with a balance.",
      },
      {
        title: "Instant receipts",
        description:
          "Parents receive a receipt by SMS or e-mail as soon as they pay, and can download statements.",
      },
      {
        title: "Reports for management",
        description:
          "Bursars and proprietors see collections by class, term and campus in real time.",
      },
    ],
    benefits: [
      {
        title: "Better cash flow",
        description: "Easier payments and timely reminders mean fees come in earlier in the term.",
      },
      {
        title: "Less work for the bursary",
        description: "No more manual receipt books or matching bank slips to students.",
      },
      {
        title: "Happier parents",
        description: "Parents pay from home or work, and always know exactly what they owe.",
      },
    ],
  },
};
