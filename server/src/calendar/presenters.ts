// The wire shapes of the calendar endpoints' answers (docs/api.md, "Calendar feed").
import { feedPath } from './feed-token';

/** Whether the user has a feed, and since when; its link is never shown again after it is made. */
export function presentFeedStatus(createdAt: Date | null) {
  return { enabled: createdAt !== null, createdAt: createdAt?.toISOString() ?? null };
}

/** A feed just made: its link, with the token, this once. */
export function presentNewFeed(origin: string, token: string, createdAt: Date) {
  return { ...presentFeedStatus(createdAt), url: `${origin}${feedPath(token)}` };
}
