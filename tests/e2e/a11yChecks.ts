/*
 * What a person with a phone, a projector or a screen reader meets on a page, measured in the
 * browser: axe-core's serious and critical violations, controls smaller than a fingertip's
 * 24×24 px (WCAG 2.2, target size), and chart text drawn under 11 px once the drawing's own
 * scaling is applied. Each check returns one line per offender, naming it, so a failure reads
 * as a to-do list.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Smallest side of a control, in CSS px (WCAG 2.2 success criterion 2.5.8). */
export const MIN_TARGET_PX = 24;
/** Smallest chart text, in CSS px as drawn (after the SVG's viewBox scaling). */
export const MIN_CHART_TEXT_PX = 11;

/** axe-core's serious and critical violations: rule id, impact, each element's selector, the rule's help. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{
      id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }>;
    }> }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id, impact: v.impact ?? '', help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ').trim()})` : ''}`),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} [${v.impact}] ${n} — ${v.help}`));
}

/** Every visible control whose clickable box is under `min` px wide or high, named with its size. */
export function smallTargets(page: Page, min = MIN_TARGET_PX): Promise<string[]> {
  return page.evaluate((min) => {
    const CONTROLS = 'button, a[href], select, input:not([type=hidden]), textarea, summary, '
      + '[role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=slider], [role=menuitem], [role=option]';
    const name = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const tid = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      const type = el instanceof HTMLInputElement ? `[type=${el.type}]` : '';
      return `${el.tagName.toLowerCase()}${type}${id}${tid ? `[data-testid=${tid}]` : ''}${cls}${text ? ` "${text}"` : ''}`;
    };
    // WCAG's inline exception: a link within a line of text is as tall as the line (10 or more
    // characters of its parent that are no link's count as text).
    const inText = (el: Element) => {
      const parent = el.parentElement;
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline' || !parent) return false;
      const linkText = [...parent.querySelectorAll('a')].reduce((n, a) => n + (a.textContent ?? '').replace(/\s/g, '').length, 0);
      return (parent.textContent ?? '').replace(/\s/g, '').length - linkText >= 10;
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll(CONTROLS)) {
      if (!el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) continue;
      if (inText(el)) continue;
      // A checkbox or radio inside its label is pressed by pressing the label.
      const target = (el instanceof HTMLInputElement && /^(checkbox|radio)$/.test(el.type) && el.closest('label')) || el;
      const r = target.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.width < min - 0.01 || r.height < min - 0.01) {
        out.push(`${name(el)} is ${r.width.toFixed(1)}×${r.height.toFixed(1)} px`);
      }
    }
    return out;
  }, min);
}

/** Every visible SVG text whose font size, times the drawing's scale on screen, is under `min` px. */
export function smallChartText(page: Page, min = MIN_CHART_TEXT_PX): Promise<string[]> {
  return page.evaluate((min) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<SVGTextElement>('svg text')) {
      const text = (el.textContent ?? '').trim();
      if (!text || !el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) continue;
      const m = el.getScreenCTM();
      if (!m) continue;
      // How tall one user unit is on screen: the length of the drawing's vertical axis.
      const scale = Math.hypot(m.c, m.d);
      const px = parseFloat(getComputedStyle(el).fontSize) * scale;
      if (px < min - 0.01) {
        const svg = el.ownerSVGElement;
        const where = svg?.getAttribute('aria-label') ?? svg?.closest('[data-testid]')?.getAttribute('data-testid') ?? svg?.getAttribute('class') ?? '';
        out.push(`"${text.slice(0, 30)}" in svg${where ? ` (${where})` : ''} is ${px.toFixed(1)} px`);
      }
    }
    return out;
  }, min);
}

/** The visible h1 headings' texts (a page has one, naming it). */
export function visibleH1s(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('h1')]
    .filter((h) => h.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions))
    .map((h) => (h.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

/**
 * Whether a heading names the page called `title` (its manifest's title): it shares one of the title's words of four
 * letters or more ("Hybrid disk: flash-backed writes" and "Flash-backed I/O requests on a hybrid disk"), and is more
 * than the site's name.
 */
export function namesPage(heading: string, title: string): boolean {
  const words = (t: string) => t.toLowerCase().split(/[^a-z0-9-]+/).filter((w) => w.length >= 4);
  const own = new Set(words(heading));
  return heading.trim().toLowerCase() !== 'spindle' && words(title).some((w) => own.has(w));
}
