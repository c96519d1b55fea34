import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "www.example.it" → "https://www.example.it"; an address → mailto:; null when it is not a link the server keeps. */
export function normalizeLink(input: string): string | null {
  const v = input.trim();
  if (v === '' || /\s/.test(v)) return null;
  if (/^(https?:\/\/|mailto:)\S+/i.test(v)) return v;
  if (/^[^@/]+@[^@/]+\.[a-z]{2,}$/i.test(v)) return `mailto:${v}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) return null;
  if (/^[^/]+\.[a-z]{2,}(\/.*)?$/i.test(v)) return `https://${v}`;
  return null;
}

interface Props {
  /** The link being edited (the selection is in one), empty for a new one. */
  initial: string;
  onClose(): void;
  onSave(href: string): void;
}

/** "Inserisci link": the address (web or e-mail), checked as the server will; mounted while open. */
export function LinkDialog({ initial, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const href = normalizeLink(value);
    if (!href) setError(t('announcements.editor.linkInvalid'));
    else onSave(href);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth data-testid="link-dialog">
      <DialogTitle id={titleId}>{t('announcements.editor.linkTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('announcements.editor.linkAddress')}
          placeholder="https://"
          value={value}
          onChange={(e) => (setValue(e.target.value), setError(null))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            }
          }}
          error={!!error}
          helperText={error ?? t('announcements.editor.linkHint')}
          slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'link-address' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={save} data-testid="link-save">
          {t('announcements.editor.linkSave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
