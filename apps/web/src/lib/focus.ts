/**
 * For a click that removes the very control it came from ("Riprova" swapped for a spinner, an alert's or a chip's ✕):
 * the focus first goes to the closest container that can hold it — a dialog's, drawer's or popover's focus root, or a
 * step's content — so that it is not left on the page behind, where Esc or Tab would be lost until the focus trap
 * (which looks every 50 ms) took it back. Outside such a container nothing changes.
 */
export function keepFocusNear(from: Element | null | undefined) {
  from?.parentElement?.closest<HTMLElement>('[tabindex="-1"]')?.focus({ preventScroll: true });
}
