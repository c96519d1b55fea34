import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { PeopleMonthGrid } from './people-month-grid';

const days = [1, 2, 3].map((day) => ({ date: `2026-12-0${day}`, day, weekday: day, inMonth: true }));
const people = [
  { id: 'a', name: 'Rossi Mario' },
  { id: 'b', name: 'Bianchi Anna' },
];

/** The stacking order an element gets from the page's style sheets (jsdom applies the cascade by specificity). */
const layer = (e: Element) => Number(getComputedStyle(e).zIndex);

describe('PeopleMonthGrid', () => {
  it('keeps its corner header above the names and the days that scroll under it', () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <PeopleMonthGrid
              label="Calendario"
              nameHeader="Dipendente"
              days={days}
              people={people}
              holidays={new Set()}
              today={null}
              renderCell={() => null}
            />
          ),
        },
      ],
      '/',
    );
    const table = screen.getByRole('table');
    const corner = within(table).getByRole('columnheader', { name: 'Dipendente' });
    const dayHeader = within(table).getAllByRole('columnheader')[1]!;
    const name = within(table).getByRole('rowheader', { name: 'Rossi Mario' });
    // Each sticky, the corner in both directions.
    expect(getComputedStyle(corner).position).toBe('sticky');
    expect(getComputedStyle(name).position).toBe('sticky');
    // Scrolled down, the names pass under the corner; scrolled sideways, the days' headers pass under it; and the
    // names pass under the days' headers too (issue 30 item 17: the names covered the header).
    expect(layer(corner)).toBeGreaterThan(layer(name));
    expect(layer(corner)).toBeGreaterThan(layer(dayHeader));
    expect(layer(dayHeader)).toBeGreaterThan(layer(name));
  });
});
