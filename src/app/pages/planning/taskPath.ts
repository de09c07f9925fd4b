// A task tied to a recipe opens the matching new-production screen prefilled (spec 2.4 create
// routes, spec 4): the recipe id, its amount when the task has one, and activityId so saving
// the record completes the task.
import type { EntityMeta } from '../../../shared/meta';
import { TASK_KINDS, draftKindOf } from '../productionDrafts/drafts';
import { createPathFor } from '../../routing/paths';
import type { Task } from './api';

export function taskProductionPath(task: Task, entityByName: Record<string, EntityMeta>): string | null {
  const kind = task.primitiveType ? draftKindOf(TASK_KINDS[task.primitiveType] ?? '') : undefined;
  const entity = kind ? entityByName[kind.entity] : undefined;
  const path = entity ? createPathFor(entity) : null;
  if (!kind || !path || !task.primitiveId) return null;
  const query = new URLSearchParams({ [kind.recipeParam]: task.primitiveId });
  if (kind.amountParam && task.quantity !== null && task.quantity !== undefined)
    query.set(kind.amountParam, String(task.quantity));
  query.set('activityId', task.id);
  return `${path}?${query.toString()}`;
}

/** The production entity a task's kind opens (to check the user may write it). */
export const taskEntity = (task: Task, entityByName: Record<string, EntityMeta>): EntityMeta | undefined =>
  task.primitiveType ? entityByName[TASK_KINDS[task.primitiveType] ?? ''] : undefined;
