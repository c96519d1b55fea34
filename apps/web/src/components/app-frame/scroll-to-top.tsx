import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page opens at its top (issue 30 item 17: the scroll position carried over from the page before). Only when
 * the path changes by a link or a redirect: a change of the query string alone (a month's arrows, a filter) keeps the
 * place, and so does going back or forward (the browser's own restoring), and a link to an anchor.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  const last = useRef(pathname);
  useLayoutEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    if (type !== 'POP' && !hash && (window.scrollX !== 0 || window.scrollY !== 0)) window.scrollTo(0, 0);
  }, [pathname, hash, type]);
  return null;
}
