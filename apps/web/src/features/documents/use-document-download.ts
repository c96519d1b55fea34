import type { Document } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useDownloadDocument, type DownloadSide } from './api/download-document';

/** A document's download from a button: `start(doc)`; a failure shows in a snackbar. `download` is the running call. */
export function useDocumentDownload(side: DownloadSide) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const download = useDownloadDocument(side);
  const { mutateAsync } = download;
  const start = useCallback(
    async (doc: Pick<Document, 'id' | 'attachment'>) => {
      try {
        await mutateAsync(doc);
      } catch (err) {
        enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
      }
    },
    [mutateAsync, enqueueSnackbar, t],
  );
  return { download, start };
}
