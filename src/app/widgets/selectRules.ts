// Multi-level select rules (spec 5): required unless no-validation or disabled ('Required');
// a parent with a sub-menu needs a deeper choice.

export interface LevelOption {
  id: string;
  name: string;
  children?: LevelOption[];
}

export interface MultiLevelOptions {
  noValidation?: boolean;
  disabled?: boolean;
}

export const REQUIRED = { message: 'app.validation.required', args: {} } as const;
export const DEEPER = { message: 'widgets.multilevel.deeper', args: {} } as const;

/** The options along a path of ids; stops at the first unknown id. */
export function optionsAlong(options: readonly LevelOption[], path: readonly string[]): LevelOption[] {
  const out: LevelOption[] = [];
  let level: readonly LevelOption[] | undefined = options;
  for (const id of path) {
    const found: LevelOption | undefined = level?.find((o) => o.id === id);
    if (!found) break;
    out.push(found);
    level = found.children;
  }
  return out;
}

export function multiLevelError(
  path: readonly string[] | null | undefined,
  options: readonly LevelOption[],
  rules: MultiLevelOptions = {},
): { message: string; args: Record<string, unknown> } | undefined {
  if (rules.noValidation || rules.disabled) return undefined;
  const chosen = optionsAlong(options, path ?? []);
  if (chosen.length === 0) return REQUIRED;
  const last = chosen[chosen.length - 1];
  if (last.children && last.children.length > 0) return DEEPER;
  return undefined;
}
