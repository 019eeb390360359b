/*
 * OpenInSpindle — what an embedded page shows instead of the site's header:
 * one link to the same page, whole, in a new tab. The frame's address is that
 * page's link (embed.ts removed the embed key as it opened), read again as
 * the link is pointed at, focused or followed, so it carries what the page
 * has written there since (its setup, presentation mode, a paused moment).
 */
import type { SyntheticEvent } from 'react';

const refresh = (e: SyntheticEvent<HTMLAnchorElement>) => { e.currentTarget.href = window.location.href; };

export function OpenInSpindle() {
  return (
    <div className="embed-head">
      <a className="open-in-spindle" href={window.location.href} target="_blank" rel="noopener" data-testid="open-in-spindle"
        onPointerDown={refresh} onFocus={refresh} onClick={refresh} title="This page, whole, in a new tab">Open in Spindle ↗</a>
    </div>
  );
}
