import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportFile } from '../api/imports';

/**
 * One page of the uploaded PDF drawn in the browser (pdf.js, loaded only here): the file is fetched once per review and
 * every preview reads it, so moving from page to page is instant.
 */
export function PagePreview({
  importId,
  page,
  total,
  onPage,
  onClose,
}: {
  importId: string;
  page: number;
  total: number;
  onPage(page: number): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const file = useImportFile(importId, true);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const [drawing, setDrawing] = useState(true);

  useEffect(() => {
    if (!file.data || !canvas.current) return;
    let cancelled = false;
    setDrawing(true);
    setFailed(false);
    void (async () => {
      try {
        const pdfjs = await import('pdfjs-dist');
        const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const task = pdfjs.getDocument({ data: file.data.slice() });
        const doc = await task.promise;
        const p = await doc.getPage(page);
        const viewport = p.getViewport({ scale: 1.4 });
        const c = canvas.current;
        if (cancelled || !c) return;
        c.width = viewport.width;
        c.height = viewport.height;
        await p.render({ canvas: c, viewport }).promise;
        await task.destroy();
      } catch {
        if (!cancelled) setFailed(true);
      } finally {
        if (!cancelled) setDrawing(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [file.data, page]);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth data-testid="page-preview">
      <DialogTitle id={titleId}>{t('paychecks.review.previewTitle', { page, total })}</DialogTitle>
      <DialogContent dividers sx={{ bgcolor: 'grey.100', textAlign: 'center' }}>
        {(file.isError || failed) && <Alert severity="error">{t('paychecks.review.previewFailed')}</Alert>}
        {(file.isPending || drawing) && !failed && !file.isError && (
          <Stack sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Stack>
        )}
        <Box
          component="canvas"
          ref={canvas}
          sx={{
            maxWidth: '100%',
            height: 'auto',
            boxShadow: 1,
            bgcolor: 'white',
            display: drawing ? 'none' : 'inline-block',
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('paychecks.review.previous')}
        </Button>
        <Button disabled={page >= total} onClick={() => onPage(page + 1)}>
          {t('paychecks.review.next')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
