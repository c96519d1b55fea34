import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage } from '../../lib/error-message';
import { BackLink } from '../back-link';
import { LoadFailure } from '../load-failure';
import { PageHeader } from '../page-header';
import { PageLoader } from '../page-loader';
import { hasUnsavedChanges, useUnsavedChangesGuard, type UnsavedChangesGuard } from '../unsaved-changes-guard';

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

interface FormOptions<T extends FieldValues> {
  resolver: Resolver<T>;
  defaultValues: DefaultValues<T>;
  /** The form's fields that the server's field errors may name (lib/apply-server-errors). */
  serverFields: readonly string[];
  /**
   * A refusal the generic handling does not cover (errors on rows of a list, a conflict to show above the form):
   * returns the text to show above the form, or null. By default the field errors go on their fields and anything
   * else shows above the form.
   */
  onServerError?(err: unknown, form: UseFormReturn<T>): string | null;
}

export interface FormScaffold<T extends FieldValues> extends UseFormReturn<T> {
  leaveGuard: UnsavedChangesGuard;
  /** The refusal shown above the form (none while a submit runs). */
  failure: string | null;
  /** The form's submit handler: validates, runs `action` with the values, and puts a refusal on the fields or above. */
  submitWith(action: (values: T) => Promise<void>): (e?: React.BaseSyntheticEvent) => Promise<void>;
}

/**
 * A react-hook-form form with the app's habits: zod validation (the resolver), the unsaved-changes guard, and the
 * server's refusal on the fields it names or above the form.
 */
export function useFormScaffold<T extends FieldValues>({
  resolver,
  defaultValues,
  serverFields,
  onServerError,
}: FormOptions<T>): FormScaffold<T> {
  const { t } = useTranslation();
  const form = useForm<T>({ resolver, defaultValues });
  const leaveGuard = useUnsavedChangesGuard(hasUnsavedChanges(form.formState));
  const [failure, setFailure] = useState<string | null>(null);
  const submitWith = (action: (values: T) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      try {
        await action(values);
      } catch (err) {
        if (onServerError) setFailure(onServerError(err, form));
        else if (!applyServerErrors(err, form.setError, serverFields))
          setFailure(errorMessage(err, t('errors.generic')));
      }
    });
  return { ...form, leaveGuard, failure, submitWith };
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
  const { t } = useTranslation();
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
        <Button onClick={onCancel} disabled={submitting}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={submitting}
          startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid={submitTestId}
        >
          {submitLabel}
        </Button>
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
