import { Alert, Box, Stack } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { BackLink } from '../back-link';
import { LoadFailure } from '../load-failure';
import { PageHeader } from '../page-header';
import { PageLoader } from '../page-loader';
import { hasUnsavedChanges, useUnsavedChangesGuard, type UnsavedChangesGuard } from '../unsaved-changes-guard';
import { useServerForm, type ServerForm, type ServerFormOptions } from './use-server-form';
import { DialogButtons } from '../dialog-buttons';

interface Back {
  to: string;
  label: string;
}

/** A form page's frame: its width, the way back, the title and the subtitle. */
export function FormPage({
  width,
  back,
  title,
  subtitle,
  children,
}: {
  width?: number;
  back: Back;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Box sx={width ? { maxWidth: width } : undefined}>
      <BackLink to={back.to} label={back.label} />
      <PageHeader title={title} subtitle={subtitle} />
      {children}
    </Box>
  );
}

type DataOf<Q> = Q extends UseQueryResult<infer D, unknown> ? D : never;

/**
 * What a page loads before it can show (the record to edit, its employee…): the loader while any query is pending,
 * then the first failure with the way back and "Riprova", then the page with every query's data.
 */
export function Loaded<const Q extends readonly UseQueryResult<unknown, unknown>[]>({
  queries,
  back,
  width,
  children,
}: {
  queries: Q;
  back?: Back;
  width?: number;
  children(data: { [K in keyof Q]: DataOf<Q[K]> }): ReactNode;
}) {
  if (queries.some((q) => q.isPending)) return <PageLoader />;
  const failed = queries.find((q) => q.isError);
  if (failed)
    return <LoadFailure error={failed.error} onRetry={() => void failed.refetch()} back={back} maxWidth={width} />;
  return <>{children(queries.map((q) => q.data) as { [K in keyof Q]: DataOf<Q[K]> })}</>;
}

export interface FormScaffold<T extends FieldValues> extends ServerForm<T> {
  leaveGuard: UnsavedChangesGuard;
}

/**
 * A react-hook-form form with the app's habits: zod validation (the resolver), the unsaved-changes guard, and the
 * server's refusal on the fields it names or above the form.
 */
export function useFormScaffold<T extends FieldValues>(options: ServerFormOptions<T>): FormScaffold<T> {
  const form = useServerForm(options);
  const leaveGuard = useUnsavedChangesGuard(hasUnsavedChanges(form.formState));
  return { ...form, leaveGuard };
}

interface ShellProps {
  form: Pick<FormScaffold<FieldValues>, 'failure' | 'leaveGuard' | 'formState'>;
  onSubmit(e?: React.BaseSyntheticEvent): Promise<void>;
  /** The form's accessible name. */
  label: string;
  testId: string;
  /** The refusal's test id (`<testId>-error` where tests look for it). */
  failureTestId?: string;
  /** The submit button's test id: `<testId>-submit` unless given. */
  submitTestId?: string;
  /** Above the refusal (guidance such as "first contract"). */
  banner?: ReactNode;
  submitLabel: string;
  onCancel(): void;
  children: ReactNode;
}

/** The form itself: the refusal above, the sections, then Annulla and the submit button (spinning while it runs). */
export function FormShell({
  form,
  onSubmit,
  label,
  testId,
  failureTestId,
  submitTestId = `${testId}-submit`,
  banner,
  submitLabel,
  onCancel,
  children,
}: ShellProps) {
  const submitting = form.formState.isSubmitting;
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={label} data-testid={testId}>
      {banner}
      {form.failure && (
        <Alert severity="error" role="alert" data-testid={failureTestId}>
          {form.failure}
        </Alert>
      )}
      {children}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <DialogButtons busy={submitting} onCancel={onCancel} label={submitLabel} type="submit" testId={submitTestId} />
      </Box>
      {form.leaveGuard.dialog}
    </Stack>
  );
}

/** After a save: the success snackbar, then on to `to`. */
export function useSaved() {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  return useCallback(
    (message: string, to: string) => {
      enqueueSnackbar(message, { variant: 'success' });
      void navigate(to);
    },
    [enqueueSnackbar, navigate],
  );
}
