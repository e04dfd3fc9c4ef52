/** An open position. Applications are a CV sent by e-mail to applicationEmail. */
export interface JobPosition {
  id: number;
  category: string;
  title: string;
  company: string;
  location: string;
  workType: string;
  description: string;
  applicationEmail: string;
}

/**
 * The open positions shown on /careers. Empty today, so the page reads "No available
 * positions". To publish one, add an object here, e.g.
 * { id: 1, category: "Engineering", title: "Backend Engineer", company: site.name,
 *   location: "Accra, Ghana", workType: "Full-time, on site", description: "…",
 *   applicationEmail: site.emails.careers }
 */
export const positions: JobPosition[] = [];
