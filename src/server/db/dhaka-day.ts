// Nexapay's calendar days are Bangladesh's (docs/product.md): "today" for the withdrawal limit and
// the dashboard starts at midnight in Asia/Dhaka, whatever the server's or the database's time zone.
import { sql, type Placeholder, type SQL } from "drizzle-orm";

/** The instant (timestamptz) at which the Asia/Dhaka calendar day containing `now` began. */
export function startOfDhakaDay(now: Date): SQL {
  return startOfDhakaDayAt(sql`${now.toISOString()}`);
}

/** startOfDhakaDay for an instant given as SQL (ISO text or a prepared statement's placeholder). */
export function startOfDhakaDayAt(now: SQL | Placeholder): SQL {
  return sql`(date_trunc('day', ${now}::timestamptz at time zone 'Asia/Dhaka') at time zone 'Asia/Dhaka')`;
}
