// Counts as the lists show them ('10,000'). One shared Intl.NumberFormat: Number#toLocaleString builds a
// new formatter on every call, a fraction of a millisecond that screens rendering on every keystroke
// (the search results, the dashboard) paid several times per key.
const COUNT = new Intl.NumberFormat('en');

export function formatCount(n: number): string {
  return COUNT.format(n);
}
