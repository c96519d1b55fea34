import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../lib/error-message';

export const IMPORT_STEPS = ['file', 'preview', 'done'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

export interface ImportFlow<P, R> {
  step: ImportStep;
  file: File | null;
  preview: P | null;
  result: R | null;
  failure: string | null;
  setFailure(message: string | null): void;
  choose(file: File): void;
  check(): void;
  run(): void;
  restart(): void;
  checking: boolean;
  running: boolean;
}

/**
 * The state of a three-step import (file → preview → done) over a preview and a run mutation that both take the
 * file: the chosen file, the server's preview and result, and the failure to show (a file-level field error first).
 */
export function useImportFlow<P, R>(
  previewCall: UseMutationResult<P, Error, File>,
  runCall: UseMutationResult<R, Error, File>,
): ImportFlow<P, R> {
  const { t } = useTranslation();
  const [step, setStep] = useState<ImportStep>('file');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<P | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const check = async () => {
    if (!file) return;
    setFailure(null);
    try {
      setPreview(await previewCall.mutateAsync(file));
      setStep('preview');
    } catch (err) {
      setFailure(fieldErrors(err).file ?? errorMessage(err, t('errors.generic')));
    }
  };
  const run = async () => {
    if (!file) return;
    setFailure(null);
    try {
      setResult(await runCall.mutateAsync(file));
      setStep('done');
    } catch (err) {
      setFailure(errorMessage(err, t('errors.generic')));
    }
  };
  const restart = () => {
    setFile(null);
    setPreview(null);
    setResult(null);
    setFailure(null);
    setStep('file');
  };
  const choose = (f: File) => {
    setFailure(null);
    setFile(f);
  };

  return {
    step,
    file,
    preview,
    result,
    failure,
    setFailure,
    choose,
    check: () => void check(),
    run: () => void run(),
    restart,
    checking: previewCall.isPending,
    running: runCall.isPending,
  };
}
