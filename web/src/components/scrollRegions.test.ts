import { afterEach, describe, expect, it } from 'vitest';
import { markScrollRegions, watchScrollRegions } from './scrollRegions';

/** A table's scroll box as antd renders it, `content` pixels wide in a `box` pixels wide frame. */
function tableBox(content: number, box: number, className = 'ant-table-content') {
  const el = document.createElement('div');
  el.className = className;
  Object.defineProperty(el, 'scrollWidth', { configurable: true, get: () => content });
  Object.defineProperty(el, 'clientWidth', { configurable: true, get: () => box });
  document.body.append(el);
  return el;
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('screens #10: a table that scrolls can be reached and scrolled with the keyboard', () => {
  it('a table wider than its box takes the focus; one that fits does not', () => {
    const wide = tableBox(800, 350);
    const fits = tableBox(300, 350);
    markScrollRegions(document.body);
    expect(wide.getAttribute('tabindex')).toBe('0');
    expect(fits.hasAttribute('tabindex')).toBe(false);
  });

  it('a table that no longer scrolls (a wider screen) gives the focus back', () => {
    const box = tableBox(800, 350);
    markScrollRegions(document.body);
    Object.defineProperty(box, 'clientWidth', { configurable: true, get: () => 900 });
    markScrollRegions(document.body);
    expect(box.hasAttribute('tabindex')).toBe(false);
  });

  it('a tabindex set by the page itself is kept', () => {
    const box = tableBox(800, 350);
    box.setAttribute('tabindex', '-1');
    markScrollRegions(document.body);
    Object.defineProperty(box, 'clientWidth', { configurable: true, get: () => 900 });
    markScrollRegions(document.body);
    expect(box.getAttribute('tabindex')).toBe('-1');
  });

  it('a table that appears after the page loaded is found too', async () => {
    const stop = watchScrollRegions();
    const later = tableBox(800, 350, 'ant-table-body');
    await nextFrame();
    expect(later.getAttribute('tabindex')).toBe('0');
    stop();
  });

  it('a table that starts to scroll once its columns are measured is found too', async () => {
    const box = tableBox(300, 350);
    const stop = watchScrollRegions();
    await nextFrame();
    expect(box.hasAttribute('tabindex')).toBe(false);
    Object.defineProperty(box, 'scrollWidth', { configurable: true, get: () => 800 });
    box.style.width = '350px';
    await nextFrame();
    expect(box.getAttribute('tabindex')).toBe('0');
    stop();
  });
});
