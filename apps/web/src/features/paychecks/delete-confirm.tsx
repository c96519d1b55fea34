import type { UseMutationResult } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/error-message';

interface Props {
  /** What is deleted: its id goes to `remove`. */
  id: string;
  /** The delete call; its answer's message shows in a snackbar, its refusal in the dialog. */
  remove: UseMutationResult<{ message: string }, Error, string>;
  title: string;
  body: string;
  confirmLabel: string;
  onClose(): void;
  testId: string;
}

/** The confirmation of a pay slip's or an import's delete: red, waiting while it runs, closed with the server's word. */
export function DeleteConfirm({ id, remove, title, body, confirmLabel, onClose, testId }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <ConfirmDialog
      open
      tone="error"
      title={title}
      body={body}
      confirmLabel={confirmLabel}
      busy={remove.isPending}
      error={remove.error ? errorMessage(remove.error, t('errors.generic')) : null}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: (res) => {
            enqueueSnackbar(res.message, { variant: 'success' });
            onClose();
          },
        })
      }
      testId={testId}
    />
  );
}
