import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadCatalogArea, type CatalogArea } from '../i18n/i18n';
import type { PermissionRule } from '../lib/permissions';

/** A lazy page; `preload` (pages with their texts) starts its code and texts before it is rendered. */
export type Page = LazyExoticComponent<ComponentType> & { preload?: () => Promise<unknown> };

export interface ProtectedRoute {
  path: string;
  permission: PermissionRule;
  page: Page;
}

/** A page whose texts live in catalog areas (i18n.ts): its module and those texts load together. */
const withTexts =
  (...areas: CatalogArea[]) =>
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType): Page => {
    let loading: Promise<{ default: ComponentType }> | null = null;
    const start = () =>
      (loading ??= Promise.all([load(), ...areas.map(loadCatalogArea)]).then(([m]) => ({ default: pick(m) })));
    return Object.assign(lazy(start), { preload: start });
  };
export const people = withTexts('people');
export const workingTime = withTexts('workingTime');
export const attendance = withTexts('attendance');
/** The payroll integration's settings. */
export const payroll = withTexts('payroll');
export const monthLogs = withTexts('monthLogs');
/** Pay slips, the bulk import and the delivery report. */
export const paychecks = withTexts('paychecks');
/** One employee's pay slips (the record's texts too). */
export const peopleAndPaychecks = withTexts('people', 'paychecks');
/** Employees' documents. */
export const documents = withTexts('documents');
/** The notification settings. */
export const notifications = withTexts('notifications');
/** The employee record shows contracts and balances too. */
export const peopleAndWorkingTime = withTexts('people', 'workingTime');
/** Announcements (the admin's and the member's). */
export const announcements = withTexts('announcements');
/** The dashboard: its widgets' texts (app/dashboard-widgets.ts) are in attendance, announcements and home. */
export const dashboard = withTexts('attendance', 'announcements', 'home');

/** The platform operator's area (ADR 0023). */
export const platform = withTexts('platform');

/** The company details and the settings index (approvals, time zone). */
export const workspace = withTexts('workspace');

/** Work shifts and their swaps (the admin's planning and the member's shifts share texts). */
export const workShifts = withTexts('workShifts', 'shiftSwaps');
