import type { Planning, WorkShift } from '@timbro/shared';
import { personName } from '../shift-text';

/** What a cell of the planning shows: the person's shifts of the day (by start) and their approved absences. */
export interface PlanningCellData {
  shifts: WorkShift[];
  absences: string[];
}

export interface PlanningRow {
  id: string;
  name: string;
  cells: Map<string, PlanningCellData>;
}

export interface PlanningModel {
  rows: PlanningRow[];
  holidays: Map<string, { name: string; icon: string | null }>;
}

const EMPTY: PlanningCellData = { shifts: [], absences: [] };
export const cellOf = (row: PlanningRow, date: string) => row.cells.get(date) ?? EMPTY;

/**
 * The planning answer by person and day: a shift is drawn on the row of each of its people, on the day it starts (an
 * overnight shift does not spill onto the next day's cell); the absences by person and day; the holidays by day.
 */
export function planningModel(planning: Planning): PlanningModel {
  const rows: PlanningRow[] = planning.people.map((p) => ({ id: p.id, name: personName(p), cells: new Map() }));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const cell = (row: PlanningRow, date: string) => {
    let c = row.cells.get(date);
    if (!c) row.cells.set(date, (c = { shifts: [], absences: [] }));
    return c;
  };
  const shifts = [...planning.shifts].sort((a, b) => a.startMinutes - b.startMinutes || a.endMinutes - b.endMinutes);
  for (const s of shifts)
    for (const a of s.assignees) {
      const row = byId.get(a.id);
      if (row) cell(row, s.date).shifts.push(s);
    }
  for (const a of planning.absences) {
    const row = byId.get(a.userInfoId);
    if (row) cell(row, a.date).absences.push(a.name);
  }
  return { rows, holidays: new Map(planning.holidays.map((h) => [h.date, { name: h.name, icon: h.icon }])) };
}
