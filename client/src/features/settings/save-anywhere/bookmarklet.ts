// The bookmarklet of Settings > Save from anywhere: on any page, it opens Sprout's quick capture
// (/capture, the share target's GET form) with the page's title, its address and the selected text, in
// a new tab so the page stays as it was. The browser runs it in the page, so it is plain old script with
// nothing of Sprout's in it but the address of this Sprout.

/** The most selected text sent: a quick note's text, not a copy of the page. */
export const SELECTION_LIMIT = 4000;

/** The script the bookmark runs; `captureUrl` is this Sprout's /capture. */
export function bookmarkletScript(captureUrl: string): string {
  return [
    '(()=>{',
    `const u=new URL(${JSON.stringify(captureUrl)});`,
    "const t=document.title.trim();if(t)u.searchParams.set('title',t);",
    "u.searchParams.set('url',location.href);",
    `const s=String(getSelection()||'').trim().slice(0,${SELECTION_LIMIT});if(s)u.searchParams.set('text',s);`,
    // A blocked pop-up leaves the page for Sprout instead of doing nothing.
    "const w=open(u.href,'_blank');if(w)w.opener=null;else location.href=u.href;",
    '})()',
  ].join('');
}

/** The bookmark's address: the script, percent-encoded so every browser keeps it whole. */
export function bookmarkletHref(origin: string): string {
  return `javascript:${encodeURIComponent(bookmarkletScript(new URL('/capture', origin).href))}`;
}
