import type { TFunction } from 'i18next';
import { useCallback, useMemo, useState } from 'react';
import { fieldErrors } from '../../lib/error-message';
import { checkCode, normalizeCode, type CodeKind } from './codes';

/**
 * The edited codes of a grid (employees, absence types), kept by record id across pages, searches and filters until
 * saved or discarded: what the cell shows, which rows changed, which are wrong (typed, or refused by the server).
 */
export function useCodeDrafts(kind: CodeKind, t: TFunction) {
  const [drafts, setDrafts] = useState<Record<string, { saved: string; value: string }>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const edit = useCallback(
    (id: string, saved: string | null, value: string) => {
      setDrafts((d) => {
        const next = { ...d };
        if (normalizeCode(kind, value) === (saved ?? '')) delete next[id];
        else next[id] = { saved: saved ?? '', value };
        return next;
      });
      setServerErrors((e) => {
        if (!(id in e)) return e;
        const next = { ...e };
        delete next[id];
        return next;
      });
    },
    [kind],
  );

  const changed = useMemo(() => Object.entries(drafts), [drafts]);
  const errorOf = useCallback(
    (id: string): string | null => {
      const draft = drafts[id];
      return (draft ? checkCode(t, kind, draft.value) : null) ?? serverErrors[id] ?? null;
    },
    [drafts, serverErrors, t, kind],
  );
  const invalid = changed.some(([id]) => errorOf(id) !== null);

  /** The body of the save: the changed rows, codes normalized (null clears). */
  const items = useMemo(
    () =>
      changed.map(([id, d]) => {
        const code = normalizeCode(kind, d.value);
        return { id, payrollCode: code === '' ? null : code };
      }),
    [changed, kind],
  );

  /** After a refused save: the field errors (`items.<n>.payrollCode`) on the rows they name; true when any did. */
  const applyServerErrors = useCallback((err: unknown, sent: { id: string }[]) => {
    const found: Record<string, string> = {};
    for (const [path, message] of Object.entries(fieldErrors(err))) {
      const m = /^items\.(\d+)\./.exec(path);
      const row = m ? sent[Number(m[1])] : undefined;
      if (row) found[row.id] = message;
    }
    setServerErrors(found);
    return Object.keys(found).length > 0;
  }, []);

  const clear = useCallback(() => {
    setDrafts({});
    setServerErrors({});
  }, []);

  return {
    /** What the cell shows: the draft, else the stored code. */
    valueOf: (id: string, saved: string | null) => drafts[id]?.value ?? saved ?? '',
    isEdited: (id: string) => id in drafts,
    edit,
    errorOf,
    count: changed.length,
    invalid,
    items,
    applyServerErrors,
    clear,
  };
}

export type CodeDrafts = ReturnType<typeof useCodeDrafts>;
