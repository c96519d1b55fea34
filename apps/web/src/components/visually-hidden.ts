/**
 * Read by screen readers, not shown (the count behind a badge, "Non letta" before a title, what a timeline's bars
 * show). Sizes are strings: in `sx` a bare 1 would mean 100 %.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
