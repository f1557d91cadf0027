import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { fillLoginForm } from './helpers.ts';

// The touch audit phone-touch.spec.ts runs on each screen: every control a finger uses is at least 44 px
// tall, and nothing reaches past the right edge of the screen. Offenders are listed by what a person would
// recognise (their text or label) and a selector, so a failure says where to look.

export const PHONE_TOUCH = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
} as const;

export const MIN_TARGET_PX = 44;

export type Offender = { what: string; where: string; size: string };

/**
 * The visible, enabled controls under 44 px tall: buttons, links, inputs, selects, [role=button], the label
 * around a checkbox or radio (the box itself is only the mark; the label is what a finger hits) and the
 * react-select control. A link inside running text (a sentence with other words around it) is left out, as
 * WCAG 2.5.8 leaves it out: it cannot grow without breaking the line.
 */
export function smallTargets(page: Page, min = MIN_TARGET_PX): Promise<Offender[]> {
  return page.evaluate((minimum) => {
    const describe = (el: Element) => {
      const label =
        el.getAttribute('aria-label') ??
        (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null) ??
        (el as HTMLElement).innerText ??
        el.textContent ??
        '';
      const text = label.replace(/\s+/g, ' ').trim().slice(0, 60);
      return text || (el as HTMLInputElement).placeholder || (el as HTMLInputElement).type || '(no text)';
    };
    const selector = (el: Element) => {
      const parts: string[] = [];
      let node: Element | null = el;
      for (let depth = 0; node && depth < 3; depth += 1, node = node.parentElement) {
        const cls = Array.from(node.classList)
          .slice(0, 2)
          .map((c) => `.${c}`)
          .join('');
        parts.unshift(`${node.tagName.toLowerCase()}${cls}`);
      }
      return parts.join(' > ');
    };
    const shown = (el: Element) => {
      const rect = el.getBoundingClientRect();
      // 1 px boxes are the visually-hidden pattern (skip links until focused, headings for readers).
      if (rect.width <= 1 || rect.height <= 1) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    const disabled = (el: Element) =>
      (el as HTMLButtonElement).disabled === true ||
      el.getAttribute('aria-disabled') === 'true' ||
      el.closest('fieldset:disabled') !== null;
    const inRunningText = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const parent = el.parentElement;
      if (!parent) return false;
      return Array.from(parent.childNodes).some(
        (n) => n !== el && n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim().length > 1,
      );
    };
    const choice = (el: Element) =>
      el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');

    const candidates = new Set<Element>();
    for (const el of document.querySelectorAll(
      'button, a[href], input:not([type=hidden]), select, textarea, [role=button], .dropdown__control',
    )) {
      // Inside react-select the typing box is a part of the control, which is measured instead.
      if (el.closest('.dropdown__control') && !el.classList.contains('dropdown__control')) continue;
      if (choice(el)) {
        const label = el.closest('label') ?? (el as HTMLInputElement).labels?.[0];
        candidates.add(label ?? el);
        continue;
      }
      candidates.add(el);
    }
    const offenders: { what: string; where: string; size: string }[] = [];
    for (const el of candidates) {
      if (!shown(el) || disabled(el) || inRunningText(el)) continue;
      const rect = el.getBoundingClientRect();
      if (rect.height + 0.01 < minimum) {
        offenders.push({
          what: describe(el),
          where: selector(el),
          size: `${Math.round(rect.width)}×${Math.round(rect.height * 10) / 10}`,
        });
      }
    }
    return offenders;
  }, min);
}

/**
 * Elements whose right edge is beyond the screen, outside any container that scrolls (or clips) sideways,
 * plus the page's own scroll width.
 */
export function overflowingElements(page: Page): Promise<{ scrollWidth: number; offenders: Offender[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipsSideways = (el: Element) => {
      const x = getComputedStyle(el).overflowX;
      return x === 'auto' || x === 'scroll' || x === 'hidden' || x === 'clip';
    };
    const offenders: { what: string; where: string; size: string }[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1 || rect.right <= width + 0.5) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      let parent = el.parentElement;
      let contained = false;
      while (parent && parent !== document.body) {
        if (clipsSideways(parent)) {
          contained = true;
          break;
        }
        parent = parent.parentElement;
      }
      if (contained) continue;
      const cls = Array.from(el.classList)
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('');
      offenders.push({
        what: ((el as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 60) || '(no text)',
        where: `${el.tagName.toLowerCase()}${cls}`,
        size: `right edge ${Math.round(rect.right)} px`,
      });
    }
    return { scrollWidth: document.scrollingElement?.scrollWidth ?? 0, offenders: offenders.slice(0, 20) };
  });
}

const list = (offenders: readonly Offender[]) =>
  offenders.map((o) => `  "${o.what}" (${o.where}) ${o.size}`).join('\n');

/**
 * Every control on `screen` is at least 44 px tall and nothing is wider than the screen. Soft: the test goes
 * on to the next screen and fails at its end with every screen's offenders.
 */
export async function expectTouchFriendly(page: Page, screen: string): Promise<void> {
  const small = await smallTargets(page);
  expect.soft(small.length, `${screen}: controls under ${MIN_TARGET_PX} px tall:\n${list(small)}\n`).toBe(0);
  const width = page.viewportSize()?.width ?? PHONE_TOUCH.viewport.width;
  const { scrollWidth, offenders } = await overflowingElements(page);
  expect
    .soft(offenders.length, `${screen}: elements beyond the ${width} px screen:\n${list(offenders)}\n`)
    .toBe(0);
  expect.soft(scrollWidth, `${screen}: the page scrolls sideways`).toBeLessThanOrEqual(width);
}

/** Signs in through the form (a phone's sidebar starts closed) and waits to leave /login. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await fillLoginForm(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname !== '/login');
}

/** Opens `path` and waits until the screen has loaded (no spinner, the main heading in place). */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await settle(page);
}

export async function settle(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('.loading')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('heading').first()).toBeAttached();
}
