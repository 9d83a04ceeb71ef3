import type { Page } from '@playwright/test';
import { installDevtoolsHookSource } from './react-devtools-hook.js';

/** One commit of React on the page: when, and what it rendered. */
export interface CommitFigures {
  /** `performance.now()` of the commit. */
  at: number;
  /** Components (function, class, memo, forwardRef) that ran their render in this commit. */
  components: number;
  /**
   * Elements styled at run time (a `css-…` class from emotion, i.e. a Chakra styled element) that were
   * created or given new props in this commit: each is a style object hashed, serialised and inserted
   * while rendering — at 4× CPU most of what a list screen's first render costs.
   */
  styled: number;
}

/**
 * Page-side code, run before the page's own: a stand-in for React DevTools' global hook, which React
 * calls at every commit with the committed tree. It walks only the subtrees this commit touched (a
 * fiber whose child list is the one of its previous version was bailed out of, with everything below)
 * and counts what rendered, the way DevTools' profiler tells it (React's "performed work" flag).
 * Production React calls the hook too, so the build measured is the one users get.
 */
const HOOK_SOURCE = `(() => {
  const PERFORMED_WORK = 1, HOST_ROOT = 3, HOST_COMPONENT = 5, HOST_TEXT = 6;
  window.__commits = [];
  const count = (first, figures) => {
    for (let fiber = first; fiber; fiber = fiber.sibling) {
      const previous = fiber.alternate;
      if (fiber.tag === HOST_COMPONENT) {
        const fresh = !previous || previous.memoizedProps !== fiber.memoizedProps;
        const className = fiber.stateNode && fiber.stateNode.getAttribute && fiber.stateNode.getAttribute('class');
        if (fresh && className && /(^| )css-/.test(className)) figures.styled += 1;
      } else if (fiber.tag !== HOST_ROOT && fiber.tag !== HOST_TEXT && (fiber.flags & PERFORMED_WORK) === PERFORMED_WORK) {
        figures.components += 1;
      }
      if (fiber.child && (!previous || previous.child !== fiber.child)) count(fiber.child, figures);
    }
  };
  const onCommit = (_id, root) => {
    const figures = { at: performance.now(), components: 0, styled: 0 };
    count(root.current.child, figures);
    window.__commits.push(figures);
  };
  ${installDevtoolsHookSource('onCommit')}
})();`;

/** Before a page load: count what each of React's commits renders (read them with `commitsSince`). */
export async function countRendersOnLoad(page: Page): Promise<void> {
  await page.addInitScript({ content: HOOK_SOURCE });
}

/** The commits made from `since` (a `performance.now()` of the page) on. */
export async function commitsSince(page: Page, since = 0): Promise<CommitFigures[]> {
  const commits = await page.evaluate(() => (window as unknown as { __commits?: CommitFigures[] }).__commits ?? []);
  return commits.filter((commit) => commit.at >= since);
}
