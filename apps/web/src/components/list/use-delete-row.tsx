import { useSnackbar } from 'notistack';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { ConfirmDialog } from '../confirm-dialog';

/** A deletion by id (a delete mutation). */
interface Remove {
  mutateAsync(id: string): Promise<unknown>;
  isPending: boolean;
}

/**
 * A row's deletion after a confirmation: `ask(row)` opens it, `confirm` deletes and says `deleted(row)` in the
 * snackbar (then `after`), a refusal stays in the dialog. Draw the dialog with DeleteRowDialog.
 */
export function useDeleteRow<R extends { id: string }>(
  remove: Remove,
  deleted: (row: R) => string,
  after?: () => void,
) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [row, setRow] = useState<R | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const ask = useCallback((target: R) => {
    setRefusal(null);
    setRow(target);
  }, []);
  const confirm = async () => {
    if (!row) return;
    setRefusal(null);
    try {
      await remove.mutateAsync(row.id);
      enqueueSnackbar(deleted(row), { variant: 'success' });
      setRow(null);
      after?.();
    } catch (err) {
      setRefusal(errorMessage(err, t('errors.generic')));
    }
  };

  return { row, refusal, busy: remove.isPending, ask, confirm, cancel: () => setRow(null) };
}

/** The confirmation of `useDeleteRow` (open while it has a row): red, the server's refusal inside. */
export function DeleteRowDialog({
  deletion,
  title,
  body,
  confirmLabel,
  testId,
}: {
  deletion: Pick<ReturnType<typeof useDeleteRow>, 'row' | 'refusal' | 'busy' | 'confirm' | 'cancel'>;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  testId: string;
}) {
  return (
    <ConfirmDialog
      open={!!deletion.row}
      title={title}
      body={body}
      confirmLabel={confirmLabel}
      tone="error"
      busy={deletion.busy}
      error={deletion.refusal}
      onConfirm={() => void deletion.confirm()}
      onClose={deletion.cancel}
      testId={testId}
    />
  );
}
