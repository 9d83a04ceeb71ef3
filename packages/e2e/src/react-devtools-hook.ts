/**
 * Page-side source of a stand-in for React DevTools' global hook (`window.__REACT_DEVTOOLS_GLOBAL_HOOK__`),
 * whose `onCommitFiberRoot` is `onCommit`, the name of a page-side function `(id, root) => void`: React,
 * production builds too, reports every commit to it, which is how a probe sees commits from outside.
 * Source text, as the probes that use it are (see `load-milestones.ts`).
 */
export const installDevtoolsHookSource = (onCommit: string) => `window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
    onCommitFiberRoot: ${onCommit},
  };`;
