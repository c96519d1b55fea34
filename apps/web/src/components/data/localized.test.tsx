import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { formatDate, toApiDate, toApiDateTime } from '../../lib/dates';
import { GridMessage } from './grid-overlay';
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

  it('an empty grid’s message (with its action) is a row with one cell inside the grid, plain content outside one', () => {
    const message = <GridMessage title="Nessun cedolino" action={<a href="/import">Importa</a>} />;
    const { unmount } = render(
      <div style={{ width: 600, height: 400 }}>
        <LocalizedDataGrid
          rows={[]}
          columns={[{ field: 'name', headerName: 'Nome' }]}
          slots={{ noRowsOverlay: () => message }}
        />
      </div>,
    );
    // axe (aria-required-children): nothing but rows may sit inside role=grid; the link is inside a cell.
    const cell = screen.getByRole('gridcell', { name: /Nessun cedolino/ });
    expect(cell.parentElement).toHaveAttribute('role', 'row');
    expect(cell).toContainElement(screen.getByRole('link', { name: 'Importa' }));
    unmount();
    render(message);
    expect(screen.getByTestId('grid-empty')).toBeInTheDocument();
    expect(screen.queryByRole('row')).not.toBeInTheDocument();
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
