// The tag of a reminder's system notification, the same whether the open page shows it or the service
// worker shows the server's push: a device keeps one notification per item, so a reminder that arrives
// both ways replaces itself instead of showing twice, and a snoozed one sent again replaces the last.
export function reminderTag(noteId: string, itemId: string): string {
  return `reminder:${noteId}:${itemId}`;
}
