import bulkPayImage from "~/assets/images/service-bulk-pay.svg";
import collectionsImage from "~/assets/images/service-collections.svg";
import directDebitImage from "~/assets/images/service-direct-debit.svg";
import payoutsImage from "~/assets/images/service-payouts.svg";
import requestToPayImage from "~/assets/images/service-request-to-pay.svg";
import smsImage from "~/assets/images/service-sms.svg";
import ussdImage from "~/assets/images/service-ussd.svg";
import utilitiesImage from "~/assets/images/service-utilities.svg";
import webCheckoutImage from "~/assets/images/service-web-checkout.svg";
import { site } from "@shared/site";
import type { Feature, PageSeo, Step } from "./types";

/**
 * Base URL of the public API, used only in the code samples below. It is not a company fact that
 * appears elsewhere, so it lives here rather than in `site.ts`; change it with the brand.
 */
export const apiBaseUrl = "https://api.akwaabapay.com.gh/v1";

/** A USSD extension code built from the company's shared code, e.g. *789*12#. */
const ussdExtensionCode = site.ussdCode.replace(/#$/, "*12#");

/** The developer section at the foot of each service page. */
export interface ServiceDeveloperSection {
  heading: string;
  description: string;
  docsUrl: string;
  docsLabel: string;
  /** A short curl or JavaScript example, shown verbatim in a code block. */
  codeSample: string;
}

/** One of the nine service pages that share the service layout. */
export interface ServicePage {
  path: string;
  name: string;
  seo: PageSeo;
  eyebrow: string;
  headline: string;
  intro: string;
  image: string;
  /** Empty when the illustration is purely decorative (the headline and intro carry the meaning). */
  imageAlt: string;
  features: Feature[];
  /** "How it works", three steps. */
  steps: Step[];
  /** "Who it's for". */
  useCases: string[];
  developer: ServiceDeveloperSection;
}

export const servicePages: ServicePage[] = [
  {
    path: "/services/collections",
    name: "Collections",
    seo: {
      title: "Collections: Payment Links for Ghanaian Businesses",
      description:
        "Collect one-time and recurring payments by mobile money, card and bank transfer with a shareable payment link. No website needed. Settled in GH₵.",
    },
    eyebrow: "Collections",
    headline: "Get paid with a link. No website needed.",
    intro:
      "Create a payment link in minutes and share it by WhatsApp, SMS, e-mail or QR code. Customers pay with mobile money, card or bank transfer, once or on a schedule. Every cedi lands in one dashboard, ready to reconcile.",
    image: collectionsImage,
    imageAlt: "",
    features: [
      {
        title: "Payment links in minutes",
        description:
          "Set a fixed amount or let the customer enter one. Add a reference, an expiry date and your logo, then share.",
      },
      {
        title: "One-time or recurring",
        description:
          "Charge once, or collect weekly, monthly or every term on a schedule your customer agrees to.",
      },
      {
        title: "Every way Ghana pays",
        description:
          "Customers pay by mobile money, debit or credit card, bank transfer or USSD. You choose which to offer.",
      },
      {
        title: "Real-time tracking",
        description:
          "See each payment the moment it lands, with the payer, channel and reference. Export to CSV for your accountant.",
      },
    ],
    steps: [
      {
        title: "Create a link",
        description:
          "Set the amount, description and payment options from your dashboard or through the API.",
      },
      {
        title: "Share it anywhere",
        description:
          "Send it by WhatsApp, SMS, e-mail or social media, or print it as a QR code at your counter.",
      },
      {
        title: "Get paid and settled",
        description:
          "Customers pay on any phone. Funds settle in GH₵ to your bank account or mobile money wallet.",
      },
    ],
    useCases: [
      "Small businesses and social media sellers without a website",
      "Schools, churches and associations collecting fees, dues and offerings",
      "Landlords, gyms and service providers with monthly charges",
      "Event organisers selling tickets and registrations",
    ],
    developer: {
      heading: "Create payment links from your own system",
      description:
        "Generate links from your ERP, CRM or app with one API call, and receive a webhook when each payment succeeds.",
      docsUrl: site.docs.payment,
      docsLabel: "Read the Payment API docs",
      codeSample: `curl -X POST ${apiBaseUrl}/payment-links \\
  -H "Authorization: Bearer YOUR_SECRET_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "amount": "250.00",
    "currency": "GHS",
    "description": "Term 2 feeding fee",
    "recurring": { "interval": "monthly", "count": 3 },
    "channels": ["mobile_money", "card", "bank_transfer"]
  }'`,
    },
  },
  {
    path: "/services/direct-debit",
    name: "Direct Debit",
    seo: {
      title: "Direct Debit for Mobile Money and Bank Accounts",
      description:
        "Collect recurring payments automatically from mobile money wallets and bank accounts in Ghana. Customer-approved mandates, flexible schedules, clear reports.",
    },
    eyebrow: "Direct Debit",
    headline: "Recurring payments that collect themselves",
    intro:
      "Set up a mandate once and collect on schedule from your customers' mobile money wallets and bank accounts. No reminders to send, no payments to chase.",
    image: directDebitImage,
    imageAlt: "",
    features: [
      {
        title: "Wallets and bank accounts",
        description:
          "Debit mobile money wallets and bank accounts through a single integration, with one set of reports.",
      },
      {
        title: "Customer-approved mandates",
        description:
          "Customers approve each mandate on their phone or through their bank, so every debit is authorised.",
      },
      {
        title: "Flexible schedules",
        description:
          "Collect daily, weekly, monthly or on custom dates, with fixed or variable amounts.",
      },
      {
        title: "Retries and alerts",
        description:
          "Retry failed debits on the rules you set, and get notified of the outcome of every attempt.",
      },
    ],
    steps: [
      {
        title: "Create a mandate",
        description: "Set the amount, frequency and start date for each customer.",
      },
      {
        title: "Customer approves",
        description:
          "The customer confirms on their phone or through their bank. You are notified at once.",
      },
      {
        title: "Debit on schedule",
        description: "We collect on each due date and settle the funds in GH₵ to your account.",
      },
    ],
    useCases: [
      "Microfinance institutions and savings and loans companies collecting repayments",
      "Insurers collecting monthly premiums",
      "Pension schemes collecting voluntary contributions",
      "Schools, gyms and subscription businesses with recurring fees",
    ],
    developer: {
      heading: "Automate mandates through the API",
      description:
        "Create mandates, check their status and trigger debits from your own system. Webhooks tell you when each debit succeeds or fails.",
      docsUrl: site.docs.payment,
      docsLabel: "Read the Payment API docs",
      codeSample: `curl -X POST ${apiBaseUrl}/direct-debit/mandates \\
  -H "Authorization: Bearer YOUR_SECRET_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "customer": { "name": "Kofi Mensah", "phone": "233240000001" },
    "channel": "mobile_money",
    "amount": "150.00",
    "currency": "GHS",
    "frequency": "monthly",
    "start_date": "2026-02-01"
  }'`,
    },
  },
  {
    path: "/services/payouts",
    name: "Payouts",
    seo: {
      title: "Payouts to Mobile Money and Bank Accounts",
      description:
        "Send single or bulk payouts to mobile money wallets and bank accounts across Ghana. Pay staff, suppliers, agents and customers in seconds, in GH₵.",
    },
    eyebrow: "Payouts",
    headline: "Send money to any wallet or bank account",
    intro:
      "Pay suppliers, staff, agents and customers in seconds. Send one transfer or thousands at once to mobile money wallets and bank accounts across Ghana.",
    image: payoutsImage,
    imageAlt: "",
    features: [
      {
        title: "Single or bulk transfers",
        description:
          "Send one payment from the dashboard, or upload a file to pay thousands of recipients in one go.",
      },
      {
        title: "Wallets and banks",
        description:
          "Pay out to mobile money wallets, and to bank accounts through instant GhIPSS interbank transfers.",
      },
      {
        title: "Name checks first",
        description:
          "Confirm the account holder's name before you send, so money reaches the right person.",
      },
      {
        title: "Approval workflows",
        description:
          "Require a second approver for large or bulk payouts, with a full audit trail.",
      },
    ],
    steps: [
      {
        title: "Fund your balance",
        description:
          "Top up your payout balance by bank transfer, or from the money you have collected.",
      },
      {
        title: "Add recipients",
        description:
          "Enter one recipient, or upload a file with names, numbers, amounts and references.",
      },
      {
        title: "Approve and send",
        description:
          "Approve the transfer. Recipients are paid in seconds and you see the status of each one.",
      },
    ],
    useCases: [
      "Businesses paying salaries, allowances and casual workers",
      "Agribusinesses paying farmers and aggregators",
      "Lenders disbursing loans straight to mobile money wallets",
      "Platforms paying riders, agents and sellers",
    ],
    developer: {
      heading: "Automate transfers with the Payouts API",
      description:
        "Trigger transfers from your own system, verify account names first and receive a webhook with every final status.",
      docsUrl: site.docs.payouts,
      docsLabel: "Read the Payouts API docs",
      codeSample: `const response = await fetch("${apiBaseUrl}/payouts", {
  method: "POST",
  headers: { Authorization: "Bearer YOUR_SECRET_KEY", "Content-Type": "application/json" },
  body: JSON.stringify({
    amount: "1200.00",
    currency: "GHS",
    recipient: { type: "mobile_money", number: "233240000001", name: "Ama Owusu" },
    reference: "SALARY-JUNE-014",
  }),
});
const payout = await response.json(); // { id, status: "pending", ... }`,
    },
  },
  {
    path: "/services/web-checkout",
    name: "Web Checkout",
    seo: {
      title: "Web Checkout for Websites and Apps",
      description:
        "Add a prebuilt, secure checkout to your website or app. Accept mobile money, cards, bank transfer and USSD in GH₵ with a few lines of code.",
    },
    eyebrow: "Web Checkout",
    headline: "A ready-made checkout for your website",
    intro:
      "Add a secure, mobile-friendly checkout to your website or app with a few lines of code. Customers pay by mobile money, card, bank transfer or USSD, under your brand.",
    image: webCheckoutImage,
    imageAlt: "",
    features: [
      {
        title: "Prebuilt and responsive",
        description:
          "A checkout page that works on every screen, from a desktop to an entry-level smartphone.",
      },
      {
        title: "Local payment methods",
        description:
          "Mobile money, cards, bank transfer and USSD in one checkout, under one contract.",
      },
      {
        title: "Your brand",
        description: "Add your logo and colours so customers know exactly who they are paying.",
      },
      {
        title: "Secure by design",
        description:
          "Card details are handled in our PCI DSS environment, so they never touch your servers.",
      },
    ],
    steps: [
      {
        title: "Create a checkout session",
        description: "Your server sends the amount and order reference to our API.",
      },
      {
        title: "Redirect or embed",
        description:
          "Send the customer to the hosted page, or open it as a pop-up on your own site.",
      },
      {
        title: "Confirm and fulfil",
        description:
          "We return the customer to your site and send a webhook, so you can fulfil the order.",
      },
    ],
    useCases: [
      "Online shops and marketplaces",
      "Hotels, airlines and event ticketing sites",
      "Universities and schools taking fees online",
      "Software and subscription businesses",
    ],
    developer: {
      heading: "Launch a checkout with one API call",
      description:
        "Create a session on your server, send the customer to the returned checkout URL and confirm the payment by webhook.",
      docsUrl: site.docs.payment,
      docsLabel: "Read the Payment API docs",
      codeSample: `curl -X POST ${apiBaseUrl}/checkout/sessions \\
  -H "Authorization: Bearer YOUR_SECRET_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "amount": "480.00",
    "currency": "GHS",
    "reference": "ORDER-10482",
    "customer_email": "customer@example.com",
    "return_url": "https://yourshop.example/orders/10482"
  }'
# => { "id": "cs_...", "checkout_url": "https://..." }`,
    },
  },
  {
    path: "/services/request-to-pay",
    name: "Request to Pay",
    seo: {
      title: "Request to Pay: Payment Requests on Any Channel",
      description:
        "Send payment requests by SMS, e-mail, WhatsApp or a mobile money prompt. Customers approve in a tap and you see every payment in real time.",
    },
    eyebrow: "Request to Pay",
    headline: "Send a request. Get paid on any channel.",
    intro:
      "Send a request for an exact amount by SMS, e-mail, WhatsApp or a prompt on the customer's mobile money wallet. They approve it in a tap, and you see it paid in real time.",
    image: requestToPayImage,
    imageAlt: "",
    features: [
      {
        title: "Any channel",
        description:
          "Share requests by SMS, e-mail, WhatsApp or a direct prompt on the customer's phone.",
      },
      {
        title: "Exact amounts and references",
        description:
          "Each request carries the amount, due date and invoice number, so every payment matches automatically.",
      },
      {
        title: "Built-in reminders",
        description: "Send reminders before and after the due date until the request is paid.",
      },
      {
        title: "Live status",
        description:
          "See whether each request is sent, viewed, paid or expired from your dashboard.",
      },
    ],
    steps: [
      {
        title: "Create the request",
        description: "Enter the customer's number or e-mail, the amount and what it is for.",
      },
      {
        title: "Customer approves",
        description:
          "The customer opens the request and pays by mobile money, card or bank transfer.",
      },
      {
        title: "Funds arrive",
        description: "You are notified straight away and the payment is matched to the request.",
      },
    ],
    useCases: [
      "Suppliers and distributors collecting on invoices",
      "Utility and service companies billing customers",
      "Doctors, lawyers, consultants and other professionals",
      "Businesses taking orders by phone or WhatsApp",
    ],
    developer: {
      heading: "Send requests from your billing system",
      description:
        "Create payment requests through the API, choose the channels and receive a webhook the moment each one is paid.",
      docsUrl: site.docs.requestToPay,
      docsLabel: "Read the Request to Pay API docs",
      codeSample: `curl -X POST ${apiBaseUrl}/payment-requests \\
  -H "Authorization: Bearer YOUR_SECRET_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "amount": "1750.00",
    "currency": "GHS",
    "payer": { "phone": "233240000001", "email": "accounts@example.com" },
    "channels": ["sms", "email", "mobile_money_prompt"],
    "due_date": "2026-03-31",
    "reference": "INV-2291"
  }'`,
    },
  },
  {
    path: "/bulk-pay",
    name: "Bulk Pay",
    seo: {
      title: "Bulk Pay: Bulk Debits and Disbursements",
      description:
        "Collect from or pay out to hundreds of mobile money wallets and bank accounts in one batch. Upload a file, approve it and track every line in real time.",
    },
    eyebrow: "Bulk Pay",
    headline: "Bulk debits and disbursements in one upload",
    intro:
      "Collect from, or pay out to, hundreds of wallets and bank accounts in a single batch. Upload a file, approve it and track every line until it completes.",
    image: bulkPayImage,
    imageAlt: "",
    features: [
      {
        title: "Bulk disbursement",
        description: "Pay salaries, commissions, benefits and refunds to many recipients at once.",
      },
      {
        title: "Bulk debit",
        description:
          "Collect premiums, contributions and repayments from many customers in one run, against approved mandates.",
      },
      {
        title: "File validation",
        description:
          "We check every line before processing and flag wrong numbers, names and amounts.",
      },
      {
        title: "Line-by-line reports",
        description:
          "Download the status of every transaction in the batch for quick reconciliation.",
      },
    ],
    steps: [
      {
        title: "Upload your file",
        description: "Upload a CSV or Excel file, or send the batch through the API.",
      },
      {
        title: "Review and approve",
        description: "Check the validation summary, fix any flagged lines and approve the batch.",
      },
      {
        title: "Track and reconcile",
        description:
          "Follow the batch in real time and download the final report when it completes.",
      },
    ],
    useCases: [
      "HR and payroll teams paying staff and contractors",
      "Pension administrators paying benefits",
      "Insurers and microfinance institutions collecting premiums and repayments",
      "NGOs and social programmes making cash transfers",
    ],
    developer: {
      heading: "Send whole batches through the API",
      description:
        "Submit a batch from your payroll or core system, then poll its status or wait for the webhook when every line is final.",
      docsUrl: site.docs.payment,
      docsLabel: "Read the Payment API docs",
      codeSample: `await fetch("${apiBaseUrl}/bulk/disbursements", {
  method: "POST",
  headers: { Authorization: "Bearer YOUR_SECRET_KEY", "Content-Type": "application/json" },
  body: JSON.stringify({
    currency: "GHS",
    reference: "PAYROLL-2026-01",
    items: [
      { channel: "mobile_money", number: "233240000001", amount: "2300.00" },
      { channel: "bank", bank_code: "BANK_CODE", account: "1020304050", amount: "4150.00" },
    ],
  }),
});`,
    },
  },
  {
    path: "/services/utilities",
    name: "Utilities",
    seo: {
      title: "Airtime, Data and Utility Bill Payments",
      description:
        "Sell airtime and data, pay electricity and water bills and renew subscriptions from your app, website or agent network, all through one integration.",
    },
    eyebrow: "Utilities, Airtime & Data",
    headline: "Airtime, data and bill payments in one API",
    intro:
      "Let customers buy airtime and data, pay for electricity and water, and renew pay-TV and other subscriptions from your app, website or agent network. One integration covers them all.",
    image: utilitiesImage,
    imageAlt: "",
    features: [
      {
        title: "Airtime and data",
        description: "Sell airtime and data bundles for the mobile networks in Ghana.",
      },
      {
        title: "Electricity and water",
        description:
          "Buy prepaid electricity and pay water bills, with tokens and receipts delivered instantly by SMS.",
      },
      {
        title: "Subscriptions",
        description: "Renew pay-TV and other subscriptions without queues or a trip to a vendor.",
      },
      {
        title: "One balance, one report",
        description:
          "Fund one balance for every biller and reconcile all purchases from a single report.",
      },
    ],
    steps: [
      {
        title: "Pick a biller",
        description: "Choose airtime, data, electricity, water or a subscription.",
      },
      {
        title: "Enter the details",
        description: "Add the phone, meter or account number and the amount in GH₵.",
      },
      {
        title: "Pay and confirm",
        description:
          "Pay by mobile money or card. The token or confirmation arrives by SMS in seconds.",
      },
    ],
    useCases: [
      "Banks and fintechs adding bill payments to their apps",
      "Agent networks and shops serving walk-in customers",
      "Employers giving staff airtime and data allowances",
      "Property managers paying utilities for their tenants",
    ],
    developer: {
      heading: "Add bill payments to your product",
      description:
        "List billers, validate account or meter numbers and complete purchases with a few calls to the same API.",
      docsUrl: site.docs.payment,
      docsLabel: "Read the Payment API docs",
      codeSample: `curl -X POST ${apiBaseUrl}/utilities/purchases \\
  -H "Authorization: Bearer YOUR_SECRET_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "service": "airtime",
    "phone": "233240000001",
    "amount": "20.00",
    "currency": "GHS",
    "reference": "AIR-88213"
  }'`,
    },
  },
  {
    path: "/services/sms",
    name: "SMS",
    seo: {
      title: "SMS API: Bulk and Transactional SMS in Ghana",
      description:
        "Send payment confirmations, one-time passwords, reminders and campaigns to any mobile number in Ghana, from your own sender ID, with delivery reports.",
    },
    eyebrow: "SMS API",
    headline: "Reach customers instantly by SMS",
    intro:
      "Send payment confirmations, one-time passwords, reminders and promotions to any mobile number in Ghana. Use your own sender ID and track delivery of every message.",
    image: smsImage,
    imageAlt: "",
    features: [
      {
        title: "Branded sender ID",
        description:
          "Messages arrive under your business name, not an unknown number, so customers trust them.",
      },
      {
        title: "Transactional and bulk",
        description:
          "Send a single OTP or a campaign to thousands of contacts through the same API.",
      },
      {
        title: "Delivery reports",
        description: "See whether each message was delivered, and when.",
      },
      {
        title: "Templates and scheduling",
        description: "Save message templates and schedule campaigns for the right moment.",
      },
    ],
    steps: [
      {
        title: "Register your sender ID",
        description:
          "Tell us the name you want customers to see. We handle approval with the networks.",
      },
      {
        title: "Send your messages",
        description: "Send from the dashboard, by file upload or through the API.",
      },
      {
        title: "Track delivery",
        description:
          "Follow delivery in real time and top up your SMS balance in GH₵ whenever you need.",
      },
    ],
    useCases: [
      "Banks and fintechs sending OTPs and transaction alerts",
      "Schools sharing fee reminders and notices with parents",
      "Retailers running promotions and loyalty campaigns",
      "Churches and associations keeping members informed",
    ],
    developer: {
      heading: "Send SMS with one API call",
      description: "Send to one number or many, and receive delivery reports on your callback URL.",
      docsUrl: site.docs.payment,
      docsLabel: "Read the SMS API docs",
      codeSample: `curl -X POST ${apiBaseUrl}/sms/messages \\
  -H "Authorization: Bearer YOUR_SECRET_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "sender_id": "MYSHOP",
    "to": ["233240000001", "233500000002"],
    "message": "Payment of GHS 250.00 received. Ref: FEE-2291. Thank you.",
    "callback_url": "https://yourapp.example/sms/status"
  }'`,
    },
  },
  {
    path: "/services/ussd",
    name: "USSD",
    seo: {
      title: "USSD API: Serve Customers on Any Mobile Phone",
      description:
        "Build USSD menus that work on any mobile phone, with no internet or smartphone needed. Take mobile money payments inside the session. Built for Ghana.",
    },
    eyebrow: "USSD API",
    headline: "Serve every customer, with or without internet",
    intro: `Build USSD menus that work on any mobile phone, with no data or smartphone needed. Launch on your own short code, or as an extension of ${site.ussdCode}.`,
    image: ussdImage,
    imageAlt: "",
    features: [
      {
        title: "Works on any phone",
        description:
          "Customers dial a short code and follow simple menus. No app, data or smartphone required.",
      },
      {
        title: "Dedicated or shared codes",
        description: `Use a dedicated short code for your brand, or start quickly with an extension such as ${ussdExtensionCode}.`,
      },
      {
        title: "Payments inside the menu",
        description:
          "Collect mobile money within the session. Customers approve with their PIN on the same phone.",
      },
      {
        title: "Session analytics",
        description: "See how many people dial, which options they choose and where they drop off.",
      },
    ],
    steps: [
      {
        title: "Design your menu",
        description:
          "Map out the screens and options with our team, or build them yourself with the API.",
      },
      {
        title: "Connect your backend",
        description:
          "We send each customer response to your callback URL and show your reply on the phone.",
      },
      {
        title: "Go live",
        description: "We test with you on the mobile networks and switch your code on.",
      },
    ],
    useCases: [
      "Savings groups and microfinance clients in rural communities",
      "Schools letting parents check and pay fees",
      "Banks, insurers and pension schemes offering self-service",
      "Agribusinesses and co-operatives serving farmers",
    ],
    developer: {
      heading: "Build USSD apps with a simple callback",
      description:
        "Register your app and callback URL. We post each session step to you as JSON, and you reply with the next screen.",
      docsUrl: site.docs.ussd,
      docsLabel: "Read the USSD API docs",
      codeSample: `curl -X POST ${apiBaseUrl}/ussd/apps \\
  -H "Authorization: Bearer YOUR_SECRET_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "name": "School fees",
    "code": "${ussdExtensionCode}",
    "callback_url": "https://yourschool.example/ussd",
    "payments": { "currency": "GHS", "channel": "mobile_money" }
  }'`,
    },
  },
];

/** The service page for a route path, or undefined when the path is not a service page. */
export function getServicePage(path: string): ServicePage | undefined {
  return servicePages.find((page) => page.path === path);
}
