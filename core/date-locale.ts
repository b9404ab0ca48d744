/**
 * The locale of every date Sprout writes, whatever the browser's: its English is British ('31 March', the
 * date parser's first reading of '04/05', the 24-hour clock), so an item's chip, the offer above it, the
 * toast after a tick, the Today heading, History and the calendar feed's card all write a date alike
 * ('11 Dec', 'Fri 11 Dec', '4 December 2026'). What the user types is read in their own locale
 * (prefersDayFirst in date-phrases.ts).
 */
export const DATE_LOCALE = 'en-GB';
