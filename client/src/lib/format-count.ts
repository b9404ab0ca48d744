// Counts as the lists show them ('10,000'). A whole number's digits are grouped here rather than by
// Intl.NumberFormat: the dashboard shows a count as a start renders, and a page's first Intl object costs
// some 20 ms of main thread for ICU's data (docs/decisions.md, 'No Intl object at a start'). Any other
// number goes to one shared formatter, made on first use: Number#toLocaleString builds a new one per call.
let formatter: Intl.NumberFormat | undefined;

export function formatCount(n: number): string {
  if (Number.isSafeInteger(n)) return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
  return (formatter ??= new Intl.NumberFormat('en')).format(n);
}
