import offerECommerceImage from "~/assets/images/offer-e-commerce.svg";
import offerPaymentServicesImage from "~/assets/images/offer-payment-services.svg";
import offerValueAddedServicesImage from "~/assets/images/offer-value-added-services.svg";
import productAslanImage from "~/assets/images/product-aslan.svg";
import productBankingImage from "~/assets/images/product-banking.svg";
import productInsuranceImage from "~/assets/images/product-insurance.svg";
import productPensionsImage from "~/assets/images/product-pensions.svg";
import productSchoolBillingImage from "~/assets/images/product-school-billing.svg";
import serviceUssdImage from "~/assets/images/service-ussd.svg";
import shopBillsImage from "~/assets/images/shop-bills.svg";
import shopLifestyleImage from "~/assets/images/shop-lifestyle.svg";
import shopStoreImage from "~/assets/images/shop-store.svg";
import type { NavLink } from "./navigation";
import { demoPaths, pagePaths, productPaths, servicePaths } from "@common/paths";
import { site } from "@common/site";
import type { PageSeo } from "./types";

/** A card on the value-added-services or e-commerce page. */
export interface CatalogueCard {
  title: string;
  description: string;
  image: string;
  /** Tailwind gradient classes for the card background, e.g. "from-brand-50 to-gold-300/40". */
  gradient?: string;
  link?: NavLink;
  /** Shown with a COMING SOON label and not clickable. */
  comingSoon?: boolean;
}

/** One entry in the payment services list. */
export interface PaymentServiceLink {
  label: string;
  to: string;
  description: string;
}

/**
 * The copy the three "What we offer" pages (payment services, value-added services, e-commerce)
 * share: search copy, the hero's words and its illustration, 400 by 260 like the home page's
 * offer cards.
 */
export interface OfferPage {
  seo: PageSeo;
  eyebrow: string;
  headline: string;
  intro: string;
  image: string;
}

export interface PaymentServicesPage extends OfferPage {
  links: PaymentServiceLink[];
}

export interface ValueAddedServicesPage extends OfferPage {
  cards: CatalogueCard[];
  demoCta: {
    heading: string;
    text: string;
    label: "Request a Demo";
    to: typeof demoPaths.vas;
  };
}

export interface ECommercePage extends OfferPage {
  cards: CatalogueCard[];
}

export const paymentServicesPage: PaymentServicesPage = {
  seo: {
    title: "Payment Services",
    description:
      "Collections, direct debit, payouts, bulk pay, web checkout, request to pay, USSD, SMS, utilities and remittance. Every way to collect and pay in Ghana.",
  },
  eyebrow: "Payment Services",
  headline: "Every way to collect and pay in Ghana",
  intro:
    "Accept mobile money, cards, bank transfers and USSD, pay out to any wallet or bank account, and reconcile it all in one place. Pick the services you need and add more as you grow.",
  image: offerPaymentServicesImage,
  links: [
    {
      label: "Collections",
      to: servicePaths.collections,
      description: "One-time and recurring payments by shared link. No website needed.",
    },
    {
      label: "Bulk Pay",
      to: servicePaths.bulkPay,
      description: "Bulk debits and disbursements to many wallets and accounts in one batch.",
    },
    {
      label: "Direct Debit",
      to: servicePaths.directDebit,
      description: "Scheduled collections from mobile money wallets and bank accounts.",
    },
    {
      label: "Utilities/Airtime/Data",
      to: servicePaths.utilities,
      description: "Airtime, data, electricity, water and subscriptions through one API.",
    },
    {
      label: "Payouts",
      to: servicePaths.payouts,
      description: "Single or bulk transfers to mobile money wallets and bank accounts.",
    },
    {
      label: "USSD",
      to: servicePaths.ussd,
      description: "Menus and payments on any mobile phone, with no internet needed.",
    },
    {
      label: "Web Checkout",
      to: servicePaths.webCheckout,
      description: "A prebuilt, secure checkout for your website or app.",
    },
    {
      label: "SMS",
      to: servicePaths.sms,
      description: "Confirmations, OTPs and campaigns from your own sender ID.",
    },
    {
      label: "Request to Pay",
      to: servicePaths.requestToPay,
      description: "Payment requests shared by SMS, e-mail, WhatsApp or a wallet prompt.",
    },
    {
      label: "Remittance",
      to: pagePaths.remittance,
      description: "International payouts into Ghana for money transfer organisations.",
    },
  ],
};

export const valueAddedServicesPage: ValueAddedServicesPage = {
  seo: {
    title: "Value Added Services",
    description: `Software for pension schemes, rural and community banks, savings groups and schools, with payments built in. Request a demo from our team in ${site.address.city}.`,
  },
  eyebrow: "Value Added Services",
  headline: "Software that runs your institution",
  intro:
    "Beyond payments, we build the systems that pension administrators, banks, savings groups and schools run on every day. Each one comes with mobile money, bank transfer and USSD payments built in.",
  image: offerValueAddedServicesImage,
  cards: [
    {
      title: "Pension Management System",
      description:
        "Contributions, member records, statements and benefit payments for Tier 2 and Tier 3 schemes.",
      image: productPensionsImage,
      gradient: "from-brand-50 to-gold-300/40",
      link: { label: "Explore Pension Management", to: productPaths.pensions },
    },
    {
      title: "Core Banking",
      description:
        "Accounts, loans, deposits and reporting for rural and community banks, savings and loans and microfinance.",
      image: productBankingImage,
      gradient: "from-gold-300/40 to-brand-50",
      link: { label: "Explore Core Banking", to: productPaths.banking },
    },
    {
      title: "ASLAN",
      description:
        "Digital records, mobile money savings and loans for VSLAs, susu groups and their members.",
      image: productAslanImage,
      gradient: "from-brand-100 to-brand-50",
      link: { label: "Explore ASLAN", to: productPaths.aslan },
    },
    {
      title: "School Billing & Payments",
      description:
        "Fee invoices, parent payments and automatic reconciliation for schools and universities.",
      image: productSchoolBillingImage,
      gradient: "from-brand-50 to-brand-100",
      link: { label: "Explore School Billing", to: productPaths.schoolBilling },
    },
    {
      title: "USSD",
      description:
        "Self-service menus and payments for customers on any mobile phone, with no internet needed.",
      image: serviceUssdImage,
      gradient: "from-gold-300/40 to-brand-100",
      link: { label: "Explore USSD", to: servicePaths.ussd },
    },
    {
      title: "Insurance",
      description: "Simple, affordable cover that customers can buy and renew with mobile money.",
      image: productInsuranceImage,
      gradient: "from-brand-100 to-gold-300/40",
      link: { label: "Visit Insurance", href: site.externalShops.insurance },
      comingSoon: true,
    },
  ],
  demoCta: {
    heading: "See it working for your institution",
    text: "Book a walkthrough with our team. We will show you the product on your own use case and answer your questions.",
    label: "Request a Demo",
    to: demoPaths.vas,
  },
};

export const eCommercePage: ECommercePage = {
  seo: {
    title: "E-commerce",
    description: `Shop, pay bills and book lifestyle experiences online with ${site.name}. Pay with mobile money, cards or bank transfer in Ghana cedis, safely and securely.`,
  },
  eyebrow: "E-commerce",
  headline: "Shop, book and pay bills online",
  intro:
    "Our consumer platforms bring the same secure payments to everyday life. Pay with mobile money, card or bank transfer, in Ghana cedis.",
  image: offerECommerceImage,
  cards: [
    {
      title: `${site.shortName} Shop`,
      description:
        "An online marketplace for Ghanaian merchants and shoppers, with secure checkout and delivery tracking.",
      image: shopStoreImage,
      gradient: "from-brand-50 to-gold-300/40",
      comingSoon: true,
    },
    {
      title: `${site.shortName} Lifestyle`,
      description: "Events, experiences and lifestyle deals across Ghana, paid for in a few taps.",
      image: shopLifestyleImage,
      gradient: "from-gold-300/40 to-brand-50",
      link: { label: "Visit Lifestyle", href: site.externalShops.lifestyle },
    },
    {
      title: `${site.shortName} Bills`,
      description:
        "Pay electricity, water, TV and internet bills and buy airtime, any time, from any device.",
      image: shopBillsImage,
      gradient: "from-brand-100 to-brand-50",
      link: { label: "Visit Bills", href: site.externalShops.bills },
    },
  ],
};
