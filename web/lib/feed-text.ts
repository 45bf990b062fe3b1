/** How much of an activity's words a feed line shows (the live feed, boards' feeds, Team today): the rest on its own page. */

/** A note, cut. */
export const FEED_NOTES_MAX = 50;
/** A customer's name, cut (its whole name on hover): a 200-character name filled ten lines. */
export const FEED_CUSTOMER_MAX = 60;
