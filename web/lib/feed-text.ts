import { truncateText } from '@core/stats';

/** How much of an activity's words a feed line shows (the live feed, boards' feeds, Team today): the rest on its own page. */

/** A note, cut. */
export const FEED_NOTES_MAX = 50;
/** A customer's name, cut (its whole name on hover): a 200-character name filled ten lines. */
export const FEED_CUSTOMER_MAX = 60;

/** A customer's name as a feed line shows it: cut, and its whole name for the hover (none when nothing was cut). */
export function cutCustomerName(name: string): { text: string; title: string | undefined } {
  return { text: truncateText(name, FEED_CUSTOMER_MAX), title: name.length > FEED_CUSTOMER_MAX ? name : undefined };
}
