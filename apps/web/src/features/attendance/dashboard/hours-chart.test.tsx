import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { HoursChart, hourTicks } from './hours-chart';

describe('hourTicks', () => {
  it('gives about four round steps from 0 to at least the largest value', () => {
    expect(hourTicks(160)).toEqual([0, 50, 100, 150, 200]);
    expect(hourTicks(55)).toEqual([0, 20, 40, 60]);
    expect(hourTicks(8)).toEqual([0, 2, 4, 6, 8]);
    expect(hourTicks(9.5)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(hourTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(hourTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('draws an axis to 1 when there is nothing (no division by zero)', () => {
    expect(hourTicks(0)).toEqual([0, 1]);
    expect(hourTicks(Number.NaN)).toEqual([0, 1]);
  });
});

describe('HoursChart', () => {
  const labels = { expected: 'Previste', worked: 'Lavorate', justified: 'Giustificate' };
  const format = (h: number) => `${h} h`;

  it('draws each bar as its share of the axis, in the order expected, worked, justified', () => {
    render(
      <AppProviders variant="active">
        <HoursChart
          rows={[
            { key: 'g-1', name: 'Magazzino', expected: 160, worked: 150, justified: 8 },
            { key: 'g-2', name: 'Uffici', expected: 40, worked: 0, justified: 0 },
          ]}
          labels={labels}
          format={format}
        />
      </AppProviders>,
    );
    const chart = screen.getByRole('img');
    const bars = [...chart.querySelectorAll<HTMLElement>('[data-series]')];
    expect(bars.map((b) => b.dataset.series)).toEqual([
      'expected',
      'worked',
      'justified',
      'expected',
      'worked',
      'justified',
    ]);
    // The axis ends at 200 h: 160 h is 80 % of it.
    expect(bars.map((b) => getComputedStyle(b).width)).toEqual(['80%', '75%', '4%', '20%', '0%', '0%']);
    expect(screen.getAllByText(/^\d+ h$/).map((e) => e.textContent)).toEqual([
      '0 h',
      '50 h',
      '100 h',
      '150 h',
      '200 h',
    ]);
    expect(screen.getByText('Uffici')).toHaveAttribute('title', 'Uffici');
  });
});
