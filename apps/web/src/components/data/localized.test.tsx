import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { formatDate, toApiDate, toApiDateTime } from '../../lib/dates';
import { gridLocaleText, pickersLocaleText } from './mui-x-locales';
import { LocalizedDataGrid } from './localized-data-grid';

describe('DataGrid and date-picker locales', () => {
  it('Italian grid texts', () => {
    const it = gridLocaleText('it');
    expect(it.paginationRowsPerPage).toBe('Righe per pagina:');
    expect(it.noRowsLabel).toBe('Nessun record');
    expect(gridLocaleText('de').paginationRowsPerPage).not.toBe('Righe per pagina:');
    expect(pickersLocaleText('it').cancelButtonLabel).toBe('Annulla');
  });

  it('the grid renders the Italian pagination label', () => {
    render(
      <div style={{ width: 600, height: 400 }}>
        <LocalizedDataGrid rows={[{ id: 1, name: 'Mario' }]} columns={[{ field: 'name', headerName: 'Nome' }]} />
      </div>,
    );
    expect(screen.getByText('Righe per pagina:')).toBeInTheDocument();
  });
});

describe('dates', () => {
  it('are sent as YYYY-MM-DD and YYYY-MM-DD HH:mm:ss and shown in the user language', async () => {
    expect(toApiDate(new Date(2026, 10, 22, 9, 5, 7))).toBe('2026-11-22');
    expect(toApiDateTime(new Date(2026, 10, 22, 9, 5, 7))).toBe('2026-11-22 09:05:07');
    expect(formatDate('2026-11-22', 'it')).toBe('22 novembre 2026');
    await changeLanguage('de');
    expect(formatDate('2026-11-22', 'de')).toBe('22. November 2026');
    await changeLanguage('it');
  });
});
