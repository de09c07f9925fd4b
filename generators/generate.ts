// One pass of the generator: load and validate schema/, then write src/generated/ and, when
// the tables changed, a new migration. In check mode nothing is written and every committed
// output that would change is reported instead.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, print } from 'graphql';
import { loadEntities } from './load';
import { buildDbModel, type DbModel } from './emit/dbModel';
import { assertDropsAllowed, diffModels, migrationFileName, migrationText } from './emit/migrations';
import { emitDrizzle } from './emit/drizzle';
import { COMMON_SDL, emitEntitySdl, printSchemaFile } from './emit/graphql';
import { emitOperations } from './emit/operations';
import { emitClientEntities, emitEntities, emitI18n, emitLanguageMessages, emitRoutes } from './emit/simple';
import { emitClientIntrospection } from './emit/introspection';
import { emitJsonSchemas, emitValidators } from './emit/validators';
import { emitTypes } from './emit/types';
import { BANNER, SQL_BANNER } from './emit/banner';

export interface GenerateOptions {
  root: string;
  schemaDir?: string;
  outDir?: string;
  migrationsDir?: string;
  graphqlFile?: string;
  check?: boolean;
  /** drops the migration may write: `<table>.<column>`, or `<table>` for a whole table */
  allowDrop?: string[];
}

export interface GenerateResult {
  written: string[];
  migration?: string;
  /** check mode: committed outputs that are stale */
  stale: string[];
}

export const commonDocuments = {
  objectDelete: `mutation ObjectDelete($id: ID!) {\n  objectDelete(id: $id) { id error }\n}`,
  objectsDelete: `mutation ObjectsDelete($ids: [ID!]!) {\n  objectsDelete(ids: $ids) { id error }\n}`,
  companies: `query Companies {\n  companies {\n    id name address phone businessNumber fiscalYearMonth status province maxUsers qboPlan addOns\n    connectedToAccounting paymentPeriodEnd excisePeriodEnd permissions userSettings admin\n    allowMultipleSites allowAccounting allowPO allowCSVExport allowWine allowApprovedFormulation\n    allowAudit allowPlanning allowRecurringTransactions\n    sites { id name spiritsLicense warehouseLicense }\n    settings { id doneSetup dateFormat timeFormat timeZone homeCurrency }\n  }\n}`,
  companySetUserSettings: `mutation CompanySetUserSettings($settings: String!) {\n  companySetUserSettings(settings: $settings)\n}`,
  companySettingsSet: `mutation CompanySettingsSet($settings: CompanySettingsInput!) {\n  companySettingsSet(settings: $settings) { id }\n}`,
};

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const root = options.root;
  const schemaDir = options.schemaDir ?? path.join(root, 'schema');
  const outDir = options.outDir ?? path.join(root, 'src', 'generated');
  const migrationsDir = options.migrationsDir ?? path.join(root, 'src', 'server', 'db', 'migrations');
  const graphqlFile = options.graphqlFile ?? path.join(root, 'src', 'server', 'graphql', 'schema.graphql');

  const entities = loadEntities(schemaDir);

  const handSdlDir = path.join(schemaDir, 'graphql');
  const handSdl = existsSync(handSdlDir)
    ? readdirSync(handSdlDir)
        .filter((f) => f.endsWith('.graphql'))
        .sort()
        .map((f) => readFileSync(path.join(handSdlDir, f), 'utf8'))
    : [];
  const sdl = print(parse([COMMON_SDL, emitEntitySdl(entities), ...handSdl].join('\n')));
  // the whole SDL, hand-written parts included, must build
  buildSchema(sdl);
  // hand-written documents must at least parse; tests validate them against the schema
  for (const doc of Object.values(commonDocuments)) parse(doc);

  const files: Record<string, string> = {
    'entities.ts': emitEntities(entities),
    'tables.ts': emitDrizzle(entities),
    'operations.ts': emitOperations(entities, commonDocuments),
    'clientEntities.ts': emitClientEntities(entities),
    'i18n.ts': emitI18n(),
    'i18n.en.ts': emitLanguageMessages(entities, 'en'),
    'i18n.fr.ts': emitLanguageMessages(entities, 'fr'),
    'routes.ts': emitRoutes(entities),
    'validators.ts': emitValidators(entities),
    'jsonSchemas.ts': emitJsonSchemas(entities),
    'types.ts': await emitTypes(entities),
    'sdl.ts': `${BANNER}export const sdl = ${JSON.stringify(sdl)};\n`,
    'introspection.ts': emitClientIntrospection(),
  };

  const model = buildDbModel(entities);
  const snapshotFile = path.join(migrationsDir, 'snapshot.json');
  const before: DbModel | null = existsSync(snapshotFile) ? JSON.parse(readFileSync(snapshotFile, 'utf8')) : null;
  const plan = diffModels(before, model);
  const printed = printSchemaFile(sdl);

  const result: GenerateResult = { written: [], stale: [] };
  if (options.check) {
    if (plan.statements.length)
      result.stale.push(`${path.relative(root, migrationsDir)} (a new migration: ${plan.summary.join(', ')})`);
    if (!existsSync(graphqlFile) || readFileSync(graphqlFile, 'utf8') !== printed)
      result.stale.push(path.relative(root, graphqlFile));
    return result;
  }

  // before anything is written: generated code must not get ahead of a migration not yet agreed
  assertDropsAllowed(plan, options.allowDrop);
  mkdirSync(outDir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(outDir, name);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
      writeFileSync(file, text);
      result.written.push(path.relative(root, file));
    }
  }
  mkdirSync(path.dirname(graphqlFile), { recursive: true });
  if (!existsSync(graphqlFile) || readFileSync(graphqlFile, 'utf8') !== printed) {
    writeFileSync(graphqlFile, printed);
    result.written.push(path.relative(root, graphqlFile));
  }
  if (plan.statements.length) {
    mkdirSync(migrationsDir, { recursive: true });
    const name = migrationFileName(
      readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')),
      plan.summary,
    );
    writeFileSync(path.join(migrationsDir, name), SQL_BANNER + migrationText(plan));
    writeFileSync(snapshotFile, JSON.stringify(model, null, 2) + '\n');
    result.migration = name;
    result.written.push(path.relative(root, path.join(migrationsDir, name)));
  }
  return result;
}
