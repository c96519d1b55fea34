/**
 * Navigations the service worker leaves to the network: the API (downloads, the documentation at /api/docs). Every
 * other navigation is a client-side route and gets the cached app shell. Nothing under /api is precached either, so
 * the worker never answers an API request (issue 32: "the service worker never caches /api").
 */
export const NAVIGATION_DENYLIST = [/^\/api(\/|$|\?)/];

export function servedByNetwork(pathname: string): boolean {
  return NAVIGATION_DENYLIST.some((re) => re.test(pathname));
}
