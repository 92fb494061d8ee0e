/** The boxes antd's tables scroll their wide content in (a phone shows a dashboard table in one). */
const SCROLLERS = '.ant-table-content, .ant-table-body';
/** Marks the boxes given a keyboard stop here, so only those lose it again. */
const MARK = 'data-scroll-focus';

const scrolls = (el: HTMLElement) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;

/**
 * Gives every table box that scrolls a keyboard stop (tabindex 0), so a person without a mouse can
 * reach it and scroll it with the arrow keys, whether or not it holds a link; a box that no longer
 * scrolls loses it. A box with a tabindex of its own is left alone.
 */
export function markScrollRegions(root: ParentNode) {
  for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const marked = el.hasAttribute(MARK);
    if (scrolls(el)) {
      if (marked || el.hasAttribute('tabindex')) continue;
      el.setAttribute('tabindex', '0');
      el.setAttribute(MARK, '');
    } else if (marked) {
      el.removeAttribute('tabindex');
      el.removeAttribute(MARK);
    }
  }
}

/**
 * Keeps `markScrollRegions` true while the page changes (rows arriving, columns measured, a window
 * resized), once per frame at most. Returns the function that stops watching.
 */
export function watchScrollRegions(root: HTMLElement = document.body): () => void {
  let frame = 0;
  const schedule = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      markScrollRegions(root);
    });
  };
  // rows arriving, and the widths antd sets on a table's columns once it has measured them
  const observer = new MutationObserver(schedule);
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'class'],
  });
  window.addEventListener('resize', schedule);
  schedule();
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', schedule);
    cancelAnimationFrame(frame);
  };
}
