import { valueFromASTUntyped, type GraphQLField } from 'graphql';

/** The arguments of a directive applied to a field in the SDL, or undefined. */
export function getDirective(field: GraphQLField<unknown, unknown>, name: string): Record<string, unknown> | undefined {
  const node = field.astNode?.directives?.find((d) => d.name.value === name);
  if (!node) return undefined;
  return Object.fromEntries((node.arguments ?? []).map((a) => [a.name.value, valueFromASTUntyped(a.value)]));
}
