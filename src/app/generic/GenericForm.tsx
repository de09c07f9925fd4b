// Edit and create screens configured by metadata: a SimpleForm with one input per
// non-internal field in schema order (read-only fields shown read-only on edit, left out on
// create), validators from the field metadata, defaults from `field.default` on create, path
// :params presetting fields. After save the screen goes back to the list the record belongs to.
import { useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import {
  Create,
  Edit,
  Loading,
  SaveButton,
  SimpleForm,
  Toolbar,
  TopToolbar,
  useDataProvider,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { EntityMeta, FieldMeta } from '../../shared/meta';
import { canRead, canWrite, isVisibleField } from '../access';
import { listPathFor, presetFromParams, type Preset } from '../routing/paths';
import { useCurrentCompany, useServices } from '../services';
import type { Company } from '../company/companies';
import { fieldTypes } from './fieldTypes';
import { resourceNameKey } from './labels';
import { PermissionDenied } from './PermissionDenied';
import { DeleteRecordButton, LeaveGuard } from './FormDialogs';
import { NotFoundPanel, isRecordId } from './NotFoundPanel';
import { extensionsOf, hasExtension, type EntityExtension } from '../pages/extensions';
import { StaleSaveAlert, useStaleSave } from './StaleSave';
import { formFitSx } from './fitLayout';

type Mode = 'create' | 'edit';

/** Form fields in schema order: internal and `needsValues`-without-values never; read-only only on edit. */
export function formFields(entity: EntityMeta, mode: Mode, company: Company | null): FieldMeta[] {
  return entity.fields.filter(
    (f) => f.name !== 'id' && isVisibleField(f, company) && !(mode === 'create' && f.readOnly),
  );
}

/** Initial values of a create form: field defaults, then the path's presets. */
export function createDefaults(entity: EntityMeta, preset: Preset): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of entity.fields) {
    if (f.default !== undefined) values[f.name] = f.default;
    else if (f.type === 'lines') values[f.name] = [];
  }
  return { ...values, ...preset };
}

/**
 * Inputs of a form. `disableAll` (no write access) and server-filled fields are disabled;
 * `locked` fields (preset by the path) are read-only, so their value is still submitted.
 */
function useInputs(entity: EntityMeta, mode: Mode, options: { disableAll: boolean; locked: ReadonlySet<string> }) {
  const { entityByName } = useServices();
  const company = useCurrentCompany();
  const translate = useTranslate();
  return useMemo(
    () =>
      formFields(entity, mode, company).map((field) =>
        fieldTypes[field.type].input({
          entity,
          field,
          entityByName,
          translate,
          disabled: options.disableAll || !!field.readOnly,
          readOnly: options.locked.has(field.name),
          isVisible: (f) => isVisibleField(f, company),
        }),
      ),
    [entity, mode, company, entityByName, translate, options.disableAll, options.locked],
  );
}

function EditToolbar({
  entity,
  listPath,
}: {
  entity: EntityMeta;
  listPath: (data?: Record<string, unknown>) => string;
}) {
  const record = useRecordContext();
  const name = String(record?.[entity.titleField] ?? record?.id ?? '');
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteRecordButton resource={entity.plural} name={name} redirectTo={(r) => listPath(r)} />
    </Toolbar>
  );
}

const NO_LOCKS: ReadonlySet<string> = new Set();

/** The edit screen's additions of one kind (pages/extensions.ts), given the loaded record. */
function ExtensionSlot({
  entity,
  extensions,
  kind,
}: {
  entity: EntityMeta;
  extensions: EntityExtension[];
  kind: 'editActions' | 'editPanels' | 'formPanels';
}) {
  const record = useRecordContext();
  // a form panel shows on a new record too (its values are the form's, not the saved record's)
  if (!record && kind !== 'formPanels') return null;
  return (
    <>
      {extensions.map((e, i) => {
        const Component = e[kind];
        return Component ? <Component key={i} entity={entity} record={record ?? { id: '' }} /> : null;
      })}
    </>
  );
}

export function GenericEdit({ entity }: { entity: EntityMeta }) {
  const params = useParams();
  const company = useCurrentCompany();
  const translate = useTranslate();
  const routes = entity.routes!;
  const id = params[routes.idParam];
  const fallback = presetFromParams(entity, routes.edit, params, routes.idParam);
  const writable = canWrite(entity, company);
  const inputs = useInputs(entity, 'edit', { disableAll: !writable, locked: NO_LOCKS });
  const listPath = (data?: Record<string, unknown>) => listPathFor(entity, { ...fallback, ...data }) ?? '/';
  const name = translate(resourceNameKey(entity), { smart_count: 1 });
  // menus and panels other pages add to this entity's edit screen
  const extensions = useMemo(() => extensionsOf(entity.name), [entity]);
  // a save over another user's change: their message with Reload (StaleSave.tsx)
  const stale = useStaleSave();

  if (!canRead(entity, company)) return <PermissionDenied action="app.permission.view" name={name} />;
  if (!id) return <GenericCreate entity={entity} />;
  // a URL that names no record: Not Found in place, the URL kept, a way back to the list
  if (!isRecordId(id)) return <NotFoundPanel backTo={listPath()} />;
  return (
    <Edit
      sx={formFitSx}
      resource={entity.plural}
      id={id}
      mutationMode="pessimistic"
      // no notification and no redirect to the list when the record cannot be read
      queryOptions={{ onError: () => undefined }}
      mutationOptions={stale.mutationOptions}
      redirect={(_resource?: string, _id?: unknown, data?: Partial<RaRecord>) => listPath(data)}
      {...(hasExtension(extensions, 'editActions')
        ? {
            actions: (
              // several screens add several buttons: they wrap on a phone instead of widening the page
              <TopToolbar sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                <ExtensionSlot entity={entity} extensions={extensions} kind="editActions" />
              </TopToolbar>
            ),
          }
        : {})}
      render={({ record, isPending, error, refetch }) =>
        record ? (
          <>
            {stale.message ? (
              <StaleSaveAlert message={stale.message} reload={refetch} onReloaded={stale.reloaded} />
            ) : null}
            {hasExtension(extensions, 'editPanels') ? (
              <ExtensionSlot entity={entity} extensions={extensions} kind="editPanels" />
            ) : null}
            <SimpleForm
              key={stale.generation}
              toolbar={writable ? <EditToolbar entity={entity} listPath={listPath} /> : false}
            >
              <LeaveGuard />
              {inputs}
              {hasExtension(extensions, 'formPanels') ? (
                <ExtensionSlot entity={entity} extensions={extensions} kind="formPanels" />
              ) : null}
            </SimpleForm>
          </>
        ) : error || !isPending ? (
          <NotFoundPanel backTo={listPath()} />
        ) : null
      }
    />
  );
}

/** Starting values the entity's extensions give a new record (a recipe to scale from the query
 * string, the company's preferences): null while they load; {} when there are none or they
 * cannot be read (the form opens with the fields' own defaults). */
function useExtensionDefaults(extensions: EntityExtension[], search: URLSearchParams) {
  const dataProvider = useDataProvider();
  const { entityByName, authFetch } = useServices();
  const query = search.toString();
  const wanted = hasExtension(extensions, 'createDefaults');
  const [loaded, setLoaded] = useState<{ query: string; values: Record<string, unknown> } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const params = new URLSearchParams(query);
    Promise.all(
      extensions.map((e) => e.createDefaults?.({ search: params, dataProvider, entityByName, authFetch }) ?? null),
    )
      .then(
        (parts) => Object.assign({}, ...parts.filter(Boolean)) as Record<string, unknown>,
        () => ({}),
      )
      .then((values) => live && setLoaded({ query, values }));
    return () => {
      live = false;
    };
  }, [wanted, query, extensions, dataProvider, entityByName, authFetch]);
  if (!wanted) return {};
  return loaded?.query === query ? loaded.values : null;
}

export function GenericCreate({ entity }: { entity: EntityMeta }) {
  const params = useParams();
  const [search] = useSearchParams();
  const company = useCurrentCompany();
  const translate = useTranslate();
  const routes = entity.routes!;
  const preset = useMemo(
    () => presetFromParams(entity, routes.create, params, routes.idParam),
    [entity, routes, params],
  );
  // recipes to scale, tasks to complete: what other pages add to this entity's create screen
  const extensions = useMemo(() => extensionsOf(entity.name), [entity]);
  const prefilled = useExtensionDefaults(extensions, search);
  const locked = useMemo(() => new Set(Object.keys(preset)), [preset]);
  const defaults = useMemo(() => ({ ...createDefaults(entity, preset), ...prefilled }), [entity, preset, prefilled]);
  const inputs = useInputs(entity, 'create', { disableAll: false, locked });
  const name = translate(resourceNameKey(entity), { smart_count: 1 });
  const listPath = (data?: Partial<RaRecord>) => listPathFor(entity, { ...preset, ...data }) ?? '/';

  if (!canWrite(entity, company)) return <PermissionDenied action="app.permission.edit" name={name} />;
  if (prefilled === null) return <Loading />;
  // spec 4: a production record opened from a task completes it, in the same transaction
  const activityId = entity.completesTask ? search.get('activityId') : null;
  const completesTask = activityId && isRecordId(activityId) ? { mutationOptions: { meta: { activityId } } } : {};
  return (
    <Create
      sx={formFitSx}
      resource={entity.plural}
      redirect={(_resource?: string, _id?: unknown, data?: Partial<RaRecord>) => listPath(data)}
      {...completesTask}
    >
      <SimpleForm defaultValues={defaults}>
        <LeaveGuard />
        {inputs}
        {hasExtension(extensions, 'formPanels') ? (
          <ExtensionSlot entity={entity} extensions={extensions} kind="formPanels" />
        ) : null}
      </SimpleForm>
    </Create>
  );
}
