// Every root field declares who may call it with a directive in the SDL (@auth, @member,
// @signedIn). The server wraps each resolver with that check and refuses to start when a root
// field has none, so a new operation cannot ship unguarded.
import { getDirective } from './directives';
import type { GraphQLField, GraphQLSchema } from 'graphql';
import { hasAny } from '../../shared/permissions';
import { AppError, forbidden } from './errors';
import type { RequestContext } from './context';

export type Rule = { kind: 'signedIn' } | { kind: 'member' } | { kind: 'auth'; any: string[]; feature?: string };

export function ruleOf(field: GraphQLField<unknown, unknown>): Rule | null {
  const auth = getDirective(field, 'auth');
  if (auth) return { kind: 'auth', any: auth.any as string[], feature: auth.feature as string | undefined };
  if (getDirective(field, 'member')) return { kind: 'member' };
  if (getDirective(field, 'signedIn')) return { kind: 'signedIn' };
  return null;
}

export function rootRules(schema: GraphQLSchema): Map<string, Rule> {
  const rules = new Map<string, Rule>();
  const missing: string[] = [];
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const rule = ruleOf(field);
      if (rule) rules.set(`${type!.name}.${field.name}`, rule);
      else missing.push(`${type!.name}.${field.name}`);
    }
  }
  if (missing.length) throw new Error(`Root fields without @auth, @member or @signedIn: ${missing.join(', ')}`);
  return rules;
}

/** Throws unless the request may run a field with this rule. Runs before the resolver. */
export async function enforce(rule: Rule, ctx: RequestContext, fieldName: string): Promise<void> {
  if (rule.kind === 'signedIn') return;
  const actor = await ctx.actor();
  if (!actor) throw new AppError('FORBIDDEN', 'You are not a member of this company', { companyId: ctx.companyId });
  if (rule.kind === 'member') return;
  if (!hasAny(actor.permissions, rule.any)) throw forbidden(describe(fieldName));
  if (rule.feature && !actor.features[rule.feature])
    throw new AppError('FORBIDDEN', `This feature is not enabled for the company (${rule.feature})`, {
      feature: rule.feature,
    });
}

/** 'customers2' -> 'view customers', 'customerCreate' -> 'create customer' for the denial text. */
function describe(field: string): string {
  const m = /^(.*?)(Create|Update|Export|2)$/.exec(field);
  if (!m) return `use ${field}`;
  const verb = { Create: 'create', Update: 'update', Export: 'export', '2': 'view' }[m[2]]!;
  return `${verb} ${m[1].replace(/([A-Z])/g, ' $1').toLowerCase()}`;
}
