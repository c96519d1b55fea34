import { useId, type ReactElement } from 'react';
import type { FieldValues } from 'react-hook-form';
import { hasUnsavedChanges, useUnsavedChangesGuard } from '../unsaved-changes-guard';
import { useServerForm, type ServerForm, type ServerFormOptions } from './use-server-form';

export interface DialogFormOptions<T extends FieldValues> extends ServerFormOptions<T> {
  /** Closes the dialog: after a save, or on Annulla, Esc and the backdrop once nothing runs. */
  onClose(): void;
  /**
   * For a dialog that stays mounted, whether it shows: closing it then resets the form and forgets the refusal, so
   * that it opens afresh. A dialog mounted only while open (the usual way) leaves this out.
   */
  open?: boolean;
  /** Something of the dialog's own runs outside the submit (a mutation): the dialog stays open and its buttons wait. */
  busy?: boolean;
}

export interface DialogForm<T extends FieldValues> extends ServerForm<T> {
  /** The title's id: the dialog and its form are named by it. */
  titleId: string;
  /** Whether the dialog shows (always, for one mounted while open). */
  open: boolean;
  /** A submit or the dialog's own work is running: no closing, the buttons wait. */
  busy: boolean;
  /**
   * The dialog's submit handler: validates, runs `action` with the parsed values, then closes the dialog (unless
   * `keepOpen`, for a dialog that shows an outcome); a refusal goes on the fields it names or above the form.
   */
  submitWith(
    action: (values: T) => Promise<void>,
    options?: { keepOpen?: boolean },
  ): (e?: React.BaseSyntheticEvent) => Promise<void>;
  /** Annulla, Esc, the backdrop: nothing while busy; else the dialog closes (one that stays mounted starts afresh). */
  close(): void;
  /** The unsaved-changes question, for a guarded dialog (useGuardedDialogForm); render it inside the dialog. */
  guardDialog: ReactElement | null;
}

/**
 * A form in a dialog, the dialog twin of `useFormScaffold` (bulletproof-react's FormDrawer idea): zod validation, the
 * submit that closes the dialog when done, the server's field errors on their fields and any other refusal above the
 * form, closing that waits for a running save (and resets the form of a dialog that stays mounted). `FormDialog` is its frame.
 */
export function useDialogForm<T extends FieldValues>({
  onClose,
  busy,
  open,
  ...options
}: DialogFormOptions<T>): DialogForm<T> {
  const form = useServerForm(options);
  const titleId = useId();
  const running = form.formState.isSubmitting || !!busy;
  const reset = () => {
    if (open === undefined) return;
    form.reset();
    form.clearFailure();
  };
  const close = () => {
    if (running) return;
    reset();
    onClose();
  };
  const submitWith: DialogForm<T>['submitWith'] = (action, { keepOpen = false } = {}) =>
    form.submitWith(async (values) => {
      await action(values);
      if (!keepOpen) {
        reset();
        onClose();
      }
    });
  return { ...form, titleId, open: open ?? true, busy: running, submitWith, close, guardDialog: null };
}

/**
 * `useDialogForm` for a dialog whose changes matter: closing it with changes asks first ("Modifiche non salvate"), as
 * leaving a page does, and so does navigating away while it is open.
 */
export function useGuardedDialogForm<T extends FieldValues>(options: DialogFormOptions<T>): DialogForm<T> {
  const form = useDialogForm(options);
  const leaveGuard = useUnsavedChangesGuard(hasUnsavedChanges(form.formState));
  return { ...form, close: () => leaveGuard.confirmLeave(form.close), guardDialog: leaveGuard.dialog };
}
