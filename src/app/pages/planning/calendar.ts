// Calendar arithmetic of the scheduling screen, on yyyy-MM-dd days (UTC dates: no time zone
// can move a day): the days a month or week view shows, weeks starting on Monday.
import type { Task } from './api';

export type CalendarView = 'month' | 'week';

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Monday of the week `day` falls in. */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The days shown: whole weeks covering the month of `focus`, or its week. */
export function visibleDays(focus: string, view: CalendarView): string[] {
  if (view === 'week') return Array.from({ length: 7 }, (_, i) => addDays(mondayOf(focus), i));
  const first = `${focus.slice(0, 7)}-01`;
  const start = mondayOf(first);
  const nextMonth = addDays(`${focus.slice(0, 7)}-28`, 4).slice(0, 7);
  const days: string[] = [];
  for (let d = start; d.slice(0, 7) !== nextMonth || days.length % 7 !== 0; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The focus moved one month or week back (-1) or on (+1). */
export function shift(focus: string, view: CalendarView, by: -1 | 1): string {
  if (view === 'week') return addDays(focus, 7 * by);
  const [y, m] = focus.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 10);
}

/** Whether a task's days (start to end, or its start alone) include `day`. */
export const onDay = (task: Task, day: string): boolean =>
  task.startDate <= day && (task.endDate ?? task.startDate) >= day;
