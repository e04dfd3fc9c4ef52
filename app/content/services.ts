import { type ServicePath, servicePaths } from "@common/paths";
import type { HeroCopy } from "./hero";
import { bulkPay } from "./service-pages/bulk-pay";
import { collections } from "./service-pages/collections";
import { directDebit } from "./service-pages/direct-debit";
import { payouts } from "./service-pages/payouts";
import { requestToPay } from "./service-pages/request-to-pay";
import { sms } from "./service-pages/sms";
import { ussd } from "./service-pages/ussd";
import { utilities } from "./service-pages/utilities";
import { webCheckout } from "./service-pages/web-checkout";
import type { Feature, Step } from "./types";

/** The developer section at the foot of each service page. */
export interface ServiceDeveloperSection {
  heading: string;
  description: string;
  docsUrl: string;
  docsLabel: string;
  /** A short curl or JavaScript example, shown verbatim in a code block (code-samples/). */
  codeSample: string;
}

/** One of the nine service pages that share the service layout (app/routes/service.tsx). */
export interface ServicePage extends HeroCopy {
  name: string;
  features: Feature[];
  /** "How it works", three steps. */
  steps: Step[];
  /** "Who it's for". */
  useCases: string[];
  developer: ServiceDeveloperSection;
}

/** Each service page's copy, one module a page in service-pages/, by the page's path. */
export const servicePages: Record<ServicePath, ServicePage> = {
  [servicePaths.collections]: collections,
  [servicePaths.directDebit]: directDebit,
  [servicePaths.payouts]: payouts,
  [servicePaths.webCheckout]: webCheckout,
  [servicePaths.requestToPay]: requestToPay,
  [servicePaths.bulkPay]: bulkPay,
  [servicePaths.utilities]: utilities,
  [servicePaths.sms]: sms,
  [servicePaths.ussd]: ussd,
};
