// The user's calendar feed (issue 35): whether it is on, a new link, turning it off.
export { type CalendarFeedStatus, type NewCalendarFeed } from './calendar-feed-api';
export { useCalendarFeed, type CalendarFeedSetting } from './use-calendar-feed';
