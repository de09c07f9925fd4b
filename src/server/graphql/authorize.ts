// Every root field declares who may call it with a directive in the SDL (@auth, @member,
// @signedIn). The server wraps each resolver with that check and refuses to start when a root
// field has none, so a new operation cannot ship unguarded.
import { getDirective } from './directives';
import type { GraphQLField, GraphQLSchema } from 'graphql';
import { hasAny } from '../../shared/permissions';
import { AppError, featureOff, forbidden } from './errors';
import type { RequestContext } from './context';

export type Rule = { kind: 'signedIn' } | { kind: 'member' } | { kind: 'auth'; any: string[]; feature?: string };

export function ruleOf(field: GraphQLField<unknown, unknown>): Rule | null {
  const auth = getDirective(field, 'auth');
  if (auth) return { kind: 'auth', any: auth.any as string[], feature: auth.feature as string | undefined };
  if (getDirective(field, 'member')) return { kind: 'member' };
  if (getDirective(field, 'signedIn')) return { kind: 'signedIn' };
  return null;
}

/** A root query field that writes a CSV file: `customersExport` (generated for every entity) or
 * `transactionsExportCSV`. Each needs the company's allowCSVExport feature and counts against
 * the user's exports per minute. */
export const isExportField = (name: string) => /^[a-z][A-Za-z0-9]*Export(CSV)?$/.test(name);

export function rootRules(schema: GraphQLSchema): Map<string, Rule> {
  const rules = new Map<string, Rule>();
  const missing: string[] = [];
  const misnamed: string[] = [];
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const rule = ruleOf(field);
      if (rule) rules.set(`${type!.name}.${field.name}`, rule);
      else missing.push(`${type!.name}.${field.name}`);
      // an export the name rule would miss would escape allowCSVExport and the rate limit
      const looksLikeExport = /export/i.test(field.name);
      if (looksLikeExport !== (isExportField(field.name) && type === schema.getQueryType() && rule?.kind === 'auth'))
        misnamed.push(`${type!.name}.${field.name}`);
    }
  }
  if (missing.length) throw new Error(`Root fields without @auth, @member or @signedIn: ${missing.join(', ')}`);
  if (misnamed.length)
    throw new Error(`Exports must be @auth query fields named …Export or …ExportCSV: ${misnamed.join(', ')}`);
  return rules;
}

/** Throws unless the request may run a field with this rule. Runs before the resolver. */
export async function enforce(rule: Rule, ctx: RequestContext, fieldName: string): Promise<void> {
  if (rule.kind === 'signedIn') return;
  const actor = await ctx.actor();
  if (!actor) throw new AppError('FORBIDDEN', 'You are not a member of this company', { companyId: ctx.companyId });
  if (rule.kind === 'member') return;
  if (!hasAny(actor.permissions, rule.any)) throw forbidden(describe(fieldName));
  for (const feature of [rule.feature, isExportField(fieldName) ? 'allowCSVExport' : undefined])
    if (feature && !actor.features[feature]) throw featureOff(feature);
  if (isExportField(fieldName)) {
    const wait = ctx.exportLimit.take(ctx.userId);
    if (wait > 0)
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Too many exports: at most ${ctx.exportLimit.max} a minute. Try again in ${Math.ceil(wait / 1000)} s.`,
        { retryAfterSeconds: Math.ceil(wait / 1000) },
      );
  }
}

/** 'customers2' -> 'view customers', 'customerCreate' -> 'create customer' for the denial text. */
function describe(field: string): string {
  const m = /^(.*?)(Create|Update|Export|2)$/.exec(field);
  if (!m) return `use ${field}`;
  const verb = { Create: 'create', Update: 'update', Export: 'export', '2': 'view' }[m[2]]!;
  return `${verb} ${m[1].replace(/([A-Z])/g, ' $1').toLowerCase()}`;
}
