import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

export interface UnsavedChangesGuard {
  /** The confirmation ("Modifiche non salvate"): render it once, anywhere in the form. */
  dialog: ReactElement;
  /**
   * For a way out that is not a navigation (closing a dialog with its form): runs `leave` at once when nothing is
   * unsaved, else only after "Esci senza salvare".
   */
  confirmLeave(leave: () => void): void;
}

/**
 * When a react-hook-form form has unsaved changes: it was changed and is not being saved. While the submit runs the
 * guard stands aside, because the forms navigate away (or close) from inside a successful submit; a failed save ends
 * the submit and the guard is back. (`isSubmitSuccessful` would not do: the forms catch the server's refusal, so a
 * refused save counts as a successful submit.) Read it during render: that subscribes the form to both flags.
 */
export function hasUnsavedChanges(formState: { isDirty: boolean; isSubmitting: boolean }): boolean {
  return formState.isDirty && !formState.isSubmitting;
}

/**
 * While `when` holds, leaving asks first: a link, the back button or `navigate()` to another page opens the
 * confirmation ("Resta" / "Esci senza salvare"), and reloading or closing the tab gets the browser's own prompt.
 * Navigations within the same page (its query string) pass. Needs a data router (createBrowserRouter), as the app has.
 * Texts: `unsavedChanges.*` of the people and working-time catalog areas (kept identical, see the test).
 */
export function useUnsavedChangesGuard(when: boolean): UnsavedChangesGuard {
  const { t } = useTranslation();
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
    [when],
  );
  const blocker = useBlocker(shouldBlock);
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const confirmLeave = useCallback(
    (leave: () => void) => {
      if (when) setPendingLeave(() => leave);
      else leave();
    },
    [when],
  );

  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setPendingLeave(null);
  };
  const leave = () => {
    if (blocker.state === 'blocked') blocker.proceed();
    if (pendingLeave) {
      setPendingLeave(null);
      pendingLeave();
    }
  };

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked' || pendingLeave !== null}
      title={t('unsavedChanges.title')}
      body={t('unsavedChanges.body')}
      cancelLabel={t('unsavedChanges.stay')}
      confirmLabel={t('unsavedChanges.leave')}
      tone="error"
      onConfirm={leave}
      onClose={stay}
      testId="unsaved-changes-dialog"
    />
  );
  return { dialog, confirmLeave };
}
