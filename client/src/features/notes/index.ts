// The notes feature's face for app/ and other features: quick capture (a note or a checklist without the
// assistant) and the tab bar's New menu. Its screens are wired by app/routes.tsx.
export { NewMenu } from './quick-capture/new-menu';
export { QuickCaptureButtons } from './quick-capture/quick-capture-buttons';
export { useQuickCapture, type QuickCapture } from './quick-capture/use-quick-capture';
export { SweepOpenCaptures } from './quick-capture/sweep-open-captures';
// Deleting a note the way every screen does (issue 32): the palette's 'Delete this note' uses them.
export { ConfirmDeleteDialog } from './confirm-delete-dialog';
export { useDeleteNoteFromList } from './note-actions';
export { markdownAsText, noteTitle } from './note-text';
// The Today screen (issue 35) shows its empty list as the lists do.
export { EmptyState } from './empty-state';
// Tags (issue 33): where a tag's notes are listed.
export { tagPath } from './tags/tag-path';
export { tagRows, type TagRow } from './tags/tag-rows';
