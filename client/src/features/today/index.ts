// The dated items' feature (issue 35): the Today screen (wired lazily by app/routes.tsx), and what other
// screens show of it after their own content, each loaded then: the dashboard's count of what is due and
// the reminders of the open app.
export { DueTodayChip, LaterReminders } from './later';
