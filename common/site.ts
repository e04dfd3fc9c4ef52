/**
 * Company facts, written once. Every component that shows a name, address, phone number,
 * e-mail address or external URL reads it from here. The brand is a placeholder until the company
 * supplies its own: change `name`, `shortName`, `url` and the addresses below and the whole site
 * follows.
 */
/** When the sales team's working day starts and ends, Accra time (24-hour HH:MM). */
const OPENS = "08:00";
const CLOSES = "17:00";

export const site = {
  name: "Akwaaba Pay",
  shortName: "Akwaaba Pay",
  legalName: "Akwaaba Pay Limited",
  /** Origin used for canonical URLs, Open Graph tags and the sitemap. No trailing slash. */
  url: "https://www.akwaabapay.com.gh",
  tagline: "Secure, simple payments that help Ghanaian businesses grow.",
  description:
    "Akwaaba Pay is a payment service provider licensed by the Bank of Ghana. Collections, direct debit, payouts, web checkout, USSD, SMS and software for pensions, banking, schools and savings groups.",
  licence: {
    regulator: "Bank of Ghana",
    category: "Payment Service Provider",
    grantedOn: "May 2023",
  },
  emails: {
    general: "info@akwaabapay.com.gh",
    support: "support@akwaabapay.com.gh",
    sales: "sales@akwaabapay.com.gh",
    careers: "careers@akwaabapay.com.gh",
    compliance: "compliance@akwaabapay.com.gh",
    innovation: "innovation@akwaabapay.com.gh",
  },
  phones: [
    { label: "+233 30 290 1234", href: "tel:+233302901234" },
    { label: "+233 55 012 3456", href: "tel:+233550123456" },
  ],
  hours: {
    short: "8AM - 5PM GMT on working days",
    long: `Monday to Friday, ${OPENS} to ${CLOSES} GMT`,
    /** Where the team works those hours; Accra keeps GMT all year. */
    city: "Accra",
    /**
     * The same hours as data: the days the team works and its opening and closing times, Accra
     * time. The staff console's service hours start from these until an admin changes them.
     */
    days: ["mon", "tue", "wed", "thu", "fri"] as const,
    opens: OPENS,
    closes: CLOSES,
    timezone: "Africa/Accra",
  },
  /** How soon the sales team answers a contact message or demo request, in its hours. */
  salesReplyWithin: "one working day",
  address: {
    street: "14 Independence Avenue",
    area: "Ridge",
    city: "Accra",
    country: "Ghana",
    gps: "GA-079-0418",
  },
  mapsUrl:
    "https://www.openstreetmap.org/search?query=Independence%20Avenue%2C%20Ridge%2C%20Accra%2C%20Ghana",
  ussdCode: "*789#",
  /** Base URL of the public API, shown in the code samples of the service pages. */
  apiBaseUrl: "https://api.akwaabapay.com.gh/v1",
  social: [
    { name: "Facebook", href: "https://www.facebook.com/akwaabapay" },
    { name: "LinkedIn", href: "https://www.linkedin.com/company/akwaabapay" },
    { name: "Instagram", href: "https://www.instagram.com/akwaabapay" },
    { name: "X", href: "https://x.com/akwaabapay" },
  ],
  docs: {
    home: "https://docs.akwaabapay.com.gh",
    payment: "https://docs.akwaabapay.com.gh/reference/payment-api",
    ussd: "https://docs.akwaabapay.com.gh/reference/ussd-api",
    payouts: "https://docs.akwaabapay.com.gh/reference/payment-api#payouts",
    requestToPay: "https://docs.akwaabapay.com.gh/reference/payment-api#request-to-pay",
  },
  externalShops: {
    lifestyle: "https://lifestyle.akwaabapay.com.gh",
    bills: "https://bills.akwaabapay.com.gh",
    insurance: "https://insurance.akwaabapay.com.gh",
  },
  /** The innovation hub's application form is hosted by a forms service and embedded in a frame. */
  innovationHubFormUrl: "https://forms.akwaabapay.com.gh/innovation-hub/apply?embedded=true",
} as const;

/** An extension of the shared USSD code that a business can start on, e.g. *789*12#. */
export const ussdExtensionCode = site.ussdCode.replace(/#$/, "*12#");

export function fullAddress(): string {
  const { street, area, city, country } = site.address;
  return `${street}, ${area}, ${city}, ${country}`;
}
