// The history feature's face for other features: the History button (and its panel) that a note's
// screens show, and the comparison they give it.
export { HistoryButton, type HistoryButtonProps } from './history-button';
export type { CompareNotes, ComparedNote, Comparison, MarkedLine } from './compare-notes';
