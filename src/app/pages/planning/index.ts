// Planning (spec 2.3 /planning): forecasting by default (forecasting.write), scheduling
// (scheduling.write; its roles and templates are the generated lists under it) and the tasks
// page tasks/:showUsersRoles?, all behind allowPlanning. Each screen is its own chunk.
import type { CustomPage } from '../registry';
import { lazyScreen } from '../../shell/chunks';

export const forecastingPage: CustomPage = {
  name: 'PlanningForecasting',
  paths: ['/planning'],
  permissions: ['forecasting.write'],
  feature: 'allowPlanning',
  component: lazyScreen(() => import('./ForecastPage'), 'ForecastPage'),
};

export const schedulingPage: CustomPage = {
  name: 'PlanningScheduling',
  paths: ['/planning/scheduling'],
  permissions: ['scheduling.write'],
  feature: 'allowPlanning',
  component: lazyScreen(() => import('./SchedulingPage'), 'SchedulingPage'),
};

/** replaces the generated task list at /planning/tasks (its create and edit screens stay) */
export const tasksPage: CustomPage = {
  name: 'PlanningTasks',
  paths: ['/planning/tasks/:showUsersRoles?', '/planning/tasks'],
  // the same rule as the API's activitiesForUser
  permissions: ['forecasting', 'scheduling', 'production.read'],
  feature: 'allowPlanning',
  component: lazyScreen(() => import('./TasksPage'), 'TasksPage'),
};
