/** The form's two-column grid (one column on phones). */
export const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
/** Read-only fields look it: a tinted background, so they are not mistaken for editable ones. */
export const readOnlySx = (readOnly: boolean): Record<string, { bgcolor: string }> =>
  readOnly ? { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } : {};
