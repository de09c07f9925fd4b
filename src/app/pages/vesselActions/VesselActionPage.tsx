// One screen for every vessel action of spec 2.3 (actions.ts says which fields each shows).
// New: prefilled with the vessel (from the path or ?vesselId=, else picked) and what it holds;
// date today. At /:transactionId: the posted action (exciseAction) fills the form from its
// input JSON and Save posts it again with refId (the server reverses and re-posts); Delete
// reverses it (exciseTransactionDelete) after the spec's delete dialog. Field errors of a
// VALIDATION_ERROR show under their inputs; CONFLICT messages are on the error banner.
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  AutocompleteInput,
  BooleanInput,
  Form,
  Loading,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TextInput,
  Title,
  Toolbar,
  useLocaleState,
  useNotify,
  useTranslate,
  Button as RaButton,
} from 'react-admin';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { EXCISE_CATEGORIES, type AlcoholType, type VesselType } from '../../../shared/excise/categories';
import { hasPermission } from '../../../shared/permissions';
import { canRead, holdsValues } from '../../access';
import { useCurrentCompany, useServices } from '../../services';
import { editPathFor } from '../../routing/paths';
import { LeaveGuard } from '../../generic/FormDialogs';
import { maxLengthValidator, requiredValidator } from '../../generic/validators';
import { ConfirmDialog } from '../../widgets/ConfirmDialog';
import { DatePickerInput } from '../../widgets/DateInputs';
import { DecimalInput } from '../../widgets/DecimalInput';
import { formatDate } from '../../widgets/dateRules';
import { submissionErrors } from '../settings/api';
import {
  actionFits,
  actionPathForRefType,
  categoriesFor,
  categoryLabel,
  fromInput,
  holdsSomething,
  matchAction,
  toInput,
  vesselEntityName,
  type ActionFormValues,
  type ActionMatch,
  type FormField,
  type VesselActionDef,
} from './actions';
import {
  actionMutation,
  DELETE_MUTATION,
  EXCISE_ACTION_QUERY,
  invalidateVesselContents,
  useVesselApi,
  useVesselStates,
  useVesselsOfTypes,
  type PostedAction,
  type VesselState,
} from './api';
import { QuantityInputs } from './QuantityInputs';
import { formatLaa, formatStrength, formatVolume } from './format';
import { laaOf, proofPreview } from './quantities';
import { contentsParts, ContentsSummary } from './VesselWidgets';
import './register';

export const WRITE_PERMISSIONS = ['production.write', 'inventory.write'];
/** exciseTransactionDelete needs production.write (schema/graphql/excise.graphql). */
export const DELETE_PERMISSION = 'production.write';

/** the server keeps at most this many characters of comments */
const COMMENTS_MAX = 1000;

const ALCOHOL_ENTITIES: Record<AlcoholType, string> = { Spirit: 'spirit', Wine: 'wine', NonExcise: 'nonExcise' };

export function VesselActionPage() {
  const location = useLocation();
  const translate = useTranslate();
  const match = useMemo(() => matchAction(location.pathname, location.search), [location.pathname, location.search]);
  if (!match)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning">{translate('app.vesselActions.not_found')}</Alert>
      </Box>
    );
  return <ActionLoader key={`${location.pathname}${location.search}`} match={match} />;
}

function ActionLoader({ match }: { match: ActionMatch }) {
  const call = useVesselApi();
  const translate = useTranslate();
  const { transactionId } = match;
  const [posted, setPosted] = useState<PostedAction | null | 'missing' | undefined>(transactionId ? undefined : null);
  useEffect(() => {
    if (!transactionId) return;
    let live = true;
    call<{ exciseAction: PostedAction | null }>(EXCISE_ACTION_QUERY, { id: transactionId }).then(
      (d) => live && setPosted(d.exciseAction ?? 'missing'),
      () => live && setPosted('missing'),
    );
    return () => {
      live = false;
    };
  }, [call, transactionId]);
  if (posted === undefined) return <Loading />;
  if (posted === 'missing')
    return (
      <Box sx={{ p: 2 }}>
        <Title title={`app.vesselActions.action.${match.action.key}`} />
        <Alert severity="warning">{translate('app.vesselActions.not_found')}</Alert>
      </Box>
    );
  // a transaction of another kind opens at its own route (a Details link that guessed the route)
  const elsewhere = posted && posted.kind !== match.action.kind ? actionPathForRefType(posted.kind, posted.id) : null;
  if (elsewhere) return <Navigate to={elsewhere} replace />;
  return <ActionScreen action={match.action} posted={posted} vesselId={posted?.vesselId ?? match.vesselId} />;
}

const today = () => formatDate(new Date());

/** The form's first values: the posted action's input, else the vessel, today and nothing moved. */
export function initialValues(
  action: VesselActionDef,
  posted: PostedAction | null,
  vesselId: string | undefined,
): ActionFormValues {
  if (posted) {
    const values = fromInput(action, posted.input);
    const { volume, strength } = values;
    return {
      comments: '',
      emptyVessel: false,
      ...values,
      vesselId: values.vesselId ?? posted.vesselId,
      laa:
        typeof volume === 'number' && typeof strength === 'number' && action.quantity === 'measured'
          ? laaOf(volume, strength)
          : null,
    };
  }
  return {
    vesselId: vesselId ?? null,
    date: today(),
    emptyVessel: false,
    volume: null,
    strength: null,
    laa: null,
    comments: '',
    ...(action.fields.includes('alcohol') ? { alcoholType: 'Spirit', alcoholId: null } : {}),
    ...(action.fields.includes('ageDate') ? { ageDate: today() } : {}),
  };
}

/** Form sources each field of the table shows (server field errors land under them). */
const SOURCES: Record<FormField, string[]> = {
  toVesselId: ['toVesselId'],
  toSiteId: ['toSiteId'],
  alcohol: ['alcoholType', 'alcoholId'],
  lot: ['lot'],
  quantity: ['volume', 'strength', 'laa'],
  emptyVessel: ['emptyVessel'],
  excise: ['excise'],
  licensee: ['licensee'],
  targetStrength: ['strength'],
  ageDate: ['ageDate'],
  value: ['value'],
};

/** The sources a form shows: the server's messages for other fields go above the form. */
export function formSources(action: VesselActionDef, vesselPicked: boolean, showsValue: boolean): Set<string> {
  const sources = new Set(['date', 'comments']);
  if (vesselPicked) sources.add('vesselId');
  for (const f of action.fields) {
    if (f === 'value' && !showsValue) continue;
    for (const s of SOURCES[f]) sources.add(s);
  }
  return sources;
}

function ActionScreen({
  action,
  posted,
  vesselId,
}: {
  action: VesselActionDef;
  posted: PostedAction | null;
  vesselId: string | undefined;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const call = useVesselApi();
  const company = useCurrentCompany();
  const { entityByName } = useServices();
  const title = translate(`app.vesselActions.action.${action.key}`);
  const record = useMemo(() => initialValues(action, posted, vesselId), [action, posted, vesselId]);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [source, setSource] = useState<VesselState | undefined>(undefined);
  const sources = useMemo(() => formSources(action, !vesselId, holdsValues(company)), [action, vesselId, company]);
  const readOnly = !!posted && !posted.active;
  const kindMismatch = !!posted && posted.kind !== action.kind;

  /** Back where the person came from; a direct visit goes to the vessel's screen. */
  const goBack = (id: string | null | undefined, type: VesselType | undefined) => {
    if (location.key !== 'default') {
      navigate(-1);
      return;
    }
    const entity = type ? entityByName[vesselEntityName(type)] : undefined;
    navigate((entity && id && editPathFor(entity, { id })) || '/dashboard');
  };

  const save = async (values: ActionFormValues) => {
    setOtherErrors([]);
    try {
      await call(actionMutation(action), { input: toInput(action, values, posted?.id) });
      invalidateVesselContents();
      notify('app.vesselActions.saved', { type: 'success', messageArgs: { action: title } });
      goBack(values.vesselId, source?.vesselType);
      return undefined;
    } catch (error) {
      const fields = submissionErrors(error, (m) => notify(m, { type: 'error' })) ?? {};
      const shown: Record<string, string> = {};
      const other: string[] = [];
      for (const [name, message] of Object.entries(fields)) {
        if (sources.has(name)) shown[name] = message;
        else other.push(`${name}: ${translate(message, { _: message })}`);
      }
      setOtherErrors(other);
      return Object.keys(shown).length ? shown : undefined;
    }
  };

  return (
    <Box sx={{ p: 2, maxWidth: 960 }}>
      <Title title={title} />
      <Card>
        <Form record={record} onSubmit={save}>
          <LeaveGuard />
          <CardContent>
            <Typography variant="h6" component="h1" gutterBottom>
              {title}
              {source?.vesselName ? ` — ${source.vesselName}` : ''}
            </Typography>
            {readOnly ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                {translate('app.vesselActions.inactive')}
              </Alert>
            ) : null}
            {kindMismatch ? (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {translate('app.vesselActions.other_kind', { kind: posted?.kind, action: title })}
              </Alert>
            ) : null}
            {otherErrors.length ? (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="vessel-action-errors">
                {translate('app.vesselActions.other_errors')} {otherErrors.join('; ')}
              </Alert>
            ) : null}
            <ActionFields
              action={action}
              posted={posted}
              vesselFixed={!!vesselId}
              disabled={readOnly || kindMismatch}
              onSource={setSource}
            />
          </CardContent>
          {readOnly || kindMismatch ? null : (
            <ActionToolbar
              action={action}
              posted={posted}
              title={title}
              source={source}
              onDeleted={(id, type) => goBack(id, type)}
            />
          )}
        </Form>
      </Card>
    </Box>
  );
}

/** Net quantities the posted action took out of (negative) or put into a vessel. */
function postedOn(posted: PostedAction | null, vesselId: string | null | undefined) {
  const rows = (posted?.transactions ?? []).filter((r) => vesselId && String(r.vesselId) === String(vesselId));
  return {
    rows,
    volume: rows.reduce((sum, r) => sum + r.volume, 0),
    laa: rows.reduce((sum, r) => sum + r.laa, 0),
  };
}

function ActionFields({
  action,
  posted,
  vesselFixed,
  disabled,
  onSource,
}: {
  action: VesselActionDef;
  posted: PostedAction | null;
  vesselFixed: boolean;
  disabled: boolean;
  onSource: (state: VesselState | undefined) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const company = useCurrentCompany();
  const vesselId = useWatch({ name: 'vesselId' }) as string | null | undefined;
  const emptyVessel = useWatch({ name: 'emptyVessel' }) === true;
  const excise = useWatch({ name: 'excise' }) as string | null | undefined;
  const ids = useMemo(() => (vesselId ? [String(vesselId)] : []), [vesselId]);
  const { states } = useVesselStates(ids);
  const source = vesselId ? states?.get(String(vesselId)) : undefined;
  useEffect(() => onSource(source), [source, onSource]);

  // what the vessel holds before this action: its contents now, plus what an edited action took
  const mine = postedOn(posted, vesselId);
  const contents = source?.contents ?? null;
  const available = {
    volume: Math.round(((contents?.volume ?? 0) - mine.volume) * 1000) / 1000,
    laa: Math.round(((contents?.laa ?? 0) - mine.laa) * 1000) / 1000,
  };
  const strength =
    contents && holdsSomething(contents)
      ? contents.strength
      : (mine.rows.find((r) => typeof r.strength === 'number')?.strength ?? null);
  const alcoholType: AlcoholType | undefined =
    (contents?.alcoholType as AlcoholType | undefined) ??
    mine.rows[0]?.alcoholType ??
    (excise && excise in EXCISE_CATEGORIES
      ? EXCISE_CATEGORIES[excise as keyof typeof EXCISE_CATEGORIES].alcoholType
      : undefined);

  const fit = !posted && source ? fitProblem(action, source, translate) : null;
  const has = (f: FormField) => action.fields.includes(f);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {vesselFixed ? (
        <ContentsSummary state={source} />
      ) : (
        <>
          <SourcePicker action={action} disabled={disabled} />
          {source ? <ContentsSummary state={source} title={source.vesselName} /> : null}
        </>
      )}
      {fit ? (
        <Alert severity="warning" data-testid="vessel-action-fit">
          {fit}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <DatePickerInput
          source="date"
          label="app.vesselActions.field.date"
          validate={requiredValidator}
          disabled={disabled}
        />
        {has('ageDate') ? (
          <DatePickerInput
            source="ageDate"
            label="app.vesselActions.field.age_date"
            validate={requiredValidator}
            disabled={disabled}
          />
        ) : null}
      </Box>
      {has('toVesselId') && action.destination ? (
        <DestinationPicker action={action} sourceId={vesselId} disabled={disabled} />
      ) : null}
      {has('toSiteId') ? (
        <>
          <ReferenceInput source="toSiteId" reference="sites" sort={{ field: 'name', order: 'ASC' }}>
            <AutocompleteInput
              label="app.vesselActions.field.to_site"
              optionText="name"
              validate={requiredValidator}
              disabled={disabled}
              filterToQuery={(q: string) => ({ q })}
            />
          </ReferenceInput>
          <Typography variant="caption" color="text.secondary">
            {translate('app.vesselActions.help.site')}
          </Typography>
        </>
      ) : null}
      {has('alcohol') ? <AlcoholPicker disabled={disabled} /> : null}
      {has('lot') ? (
        <TextInput
          source="lot"
          label={action.key === 'reassignlot' ? 'app.vesselActions.field.new_lot' : 'app.vesselActions.field.lot'}
          validate={action.key === 'reassignlot' ? [requiredValidator, maxLengthValidator(60)] : maxLengthValidator(60)}
          disabled={disabled}
        />
      ) : null}
      {has('licensee') ? (
        <TextInput
          source="licensee"
          label="app.vesselActions.field.licensee"
          validate={[requiredValidator, maxLengthValidator(200)]}
          disabled={disabled}
        />
      ) : null}
      {has('excise') ? (
        <SelectInput
          source="excise"
          label="app.vesselActions.field.excise"
          choices={categoriesFor(action, alcoholType).map((c) => ({ id: c, name: categoryLabel(c, locale) }))}
          translateChoice={false}
          validate={action.categoryRequired ? requiredValidator : undefined}
          disabled={disabled}
        />
      ) : null}
      {has('quantity') && action.quantity ? (
        <QuantityInputs
          mode={action.quantity}
          vesselStrength={strength}
          vesselVolume={available.volume}
          vesselLaa={available.laa}
          emptied={action.emptyVessel && emptyVessel}
          measuredLabels={action.key === 'adjustinventory' || action.key === 'caskempty'}
          positive={action.key !== 'adjustinventory'}
          disabled={disabled}
        />
      ) : null}
      {action.emptyVessel ? (
        <BooleanInput
          source="emptyVessel"
          label="app.vesselActions.field.empty_vessel"
          helperText={
            holdsSomething(available)
              ? translate('app.vesselActions.help.empty_vessel', {
                  volume: formatVolume(available.volume),
                  laa: formatLaa(available.laa),
                })
              : false
          }
          disabled={disabled}
        />
      ) : null}
      {action.key === 'adjustinventory' ? (
        <Typography variant="caption" color="text.secondary">
          {translate('app.vesselActions.help.adjust')}
        </Typography>
      ) : null}
      {action.key === 'caskempty' ? <CaskLoss availableLaa={available.laa} /> : null}
      {has('targetStrength') ? (
        <ProofInput current={{ ...available, strength: strength ?? 0 }} disabled={disabled} />
      ) : null}
      {has('value') && holdsValues(company) ? (
        <DecimalInput source="value" label="app.vesselActions.field.value" currency precision={2} disabled={disabled} />
      ) : null}
      <TextInput
        source="comments"
        label="app.vesselActions.field.comments"
        multiline
        minRows={2}
        validate={maxLengthValidator(COMMENTS_MAX)}
        disabled={disabled}
      />
    </Box>
  );
}

/** Why a new action cannot start from this vessel, or null. */
function fitProblem(
  action: VesselActionDef,
  source: VesselState,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string | null {
  if (actionFits(action, source.vesselType, source.contents)) return null;
  const name = source.vesselName;
  const actionName = translate(`app.vesselActions.action.${action.key}`);
  if (!action.sourceTypes.includes(source.vesselType))
    return translate('app.vesselActions.wrong_type', {
      action: actionName,
      type: translate(`app.vessels.type.${source.vesselType}`),
    });
  if (action.state === 'empty') return translate('app.vesselActions.needs_empty', { name });
  if (!holdsSomething(source.contents))
    return translate('app.vesselActions.needs_contents', { name, action: actionName });
  return translate('app.vesselActions.needs_alcohol', {
    action: actionName,
    type: (action.alcoholTypes ?? []).map((t) => translate(`app.vessels.alcohol_type.${t}`)).join(', '),
  });
}

const vesselChoice =
  (translate: (key: string, options?: Record<string, unknown>) => string, withType: boolean) => (v: VesselState) => ({
    id: String(v.vesselId),
    name: `${withType ? `${translate(`app.vessels.type.${v.vesselType}`)} ` : ''}${v.vesselName} — ${contentsParts(
      v.contents,
      translate,
    ).join(' · ')}`,
  });

/** The vessel to act on, when the path does not name one: vessels the action can start from. */
function SourcePicker({ action, disabled }: { action: VesselActionDef; disabled: boolean }) {
  const translate = useTranslate();
  const vessels = useVesselsOfTypes(action.sourceTypes);
  const choices = useMemo(
    () =>
      (vessels ?? [])
        .filter((v) => actionFits(action, v.vesselType, v.contents))
        .map(vesselChoice(translate, action.sourceTypes.length > 1)),
    [vessels, action, translate],
  );
  return (
    <AutocompleteInput
      source="vesselId"
      label="app.vesselActions.field.vessel"
      choices={choices}
      isPending={!vessels}
      validate={requiredValidator}
      disabled={disabled}
      helperText={
        vessels && !choices.length
          ? translate('app.vesselActions.none_fit', {
              type: action.sourceTypes.map((t) => translate(`app.vessels.type.${t}`)).join(', '),
            })
          : undefined
      }
    />
  );
}

const DESTINATION_LABELS: Partial<Record<string, string>> = {
  transfertotank: 'app.vesselActions.field.to_tank',
  transfertobulkcontainer: 'app.vesselActions.field.to_bulk',
  fillcask: 'app.vesselActions.field.to_cask',
  transfertofermenter: 'app.vesselActions.field.to_fermenter',
  fortifywine: 'app.vesselActions.field.to_wine',
  caskempty: 'app.vesselActions.field.to_tank_optional',
};

/** Where the alcohol goes: vessels of the destination types (not the source), with what they hold. */
function DestinationPicker({
  action,
  sourceId,
  disabled,
}: {
  action: VesselActionDef;
  sourceId: string | null | undefined;
  disabled: boolean;
}) {
  const translate = useTranslate();
  const destination = action.destination!;
  const vessels = useVesselsOfTypes(destination.types);
  const choices = useMemo(
    () =>
      (vessels ?? [])
        .filter((v) => String(v.vesselId) !== String(sourceId ?? ''))
        .filter((v) => !destination.holds || v.contents?.alcoholType === destination.holds)
        .map(vesselChoice(translate, destination.types.length > 1)),
    [vessels, sourceId, destination, translate],
  );
  return (
    <AutocompleteInput
      source="toVesselId"
      label={DESTINATION_LABELS[action.key] ?? 'app.vesselActions.field.to_vessel'}
      choices={choices}
      isPending={!vessels}
      validate={destination.required ? requiredValidator : undefined}
      disabled={disabled}
      helperText={
        vessels && !choices.length
          ? translate('app.vesselActions.none_fit', {
              type: destination.types.map((t) => translate(`app.vessels.type.${t}`)).join(', '),
            })
          : undefined
      }
    />
  );
}

/** Initial: what the vessel holds (a spirit, a wine or a non-excise record). */
function AlcoholPicker({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const company = useCurrentCompany();
  const { entityByName } = useServices();
  const { setValue } = useFormContext();
  const alcoholType = (useWatch({ name: 'alcoholType' }) as AlcoholType | null) ?? 'Spirit';
  const types = (Object.keys(ALCOHOL_ENTITIES) as AlcoholType[]).filter((t) => {
    const entity = entityByName[ALCOHOL_ENTITIES[t]];
    return entity && canRead(entity, company);
  });
  const entity = entityByName[ALCOHOL_ENTITIES[alcoholType]];
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
      <SelectInput
        source="alcoholType"
        label="app.vesselActions.field.alcohol_type"
        choices={types.map((t) => ({ id: t, name: translate(`app.vessels.alcohol_type.${t}`) }))}
        translateChoice={false}
        validate={requiredValidator}
        disabled={disabled}
        onChange={() => setValue('alcoholId', null)}
      />
      {entity ? (
        <ReferenceInput
          key={alcoholType}
          source="alcoholId"
          reference={entity.plural}
          sort={{ field: entity.titleField, order: 'ASC' }}
        >
          <AutocompleteInput
            label="app.vesselActions.field.alcohol"
            optionText={entity.titleField}
            validate={requiredValidator}
            disabled={disabled}
            filterToQuery={(q: string) => ({ q })}
          />
        </ReferenceInput>
      ) : null}
    </Box>
  );
}

/** Tank proof: the target strength, and what the tank will hold (LAA unchanged). */
function ProofInput({
  current,
  disabled,
}: {
  current: { volume: number; laa: number; strength: number };
  disabled: boolean;
}) {
  const translate = useTranslate();
  const target = useWatch({ name: 'strength' }) as number | null | undefined;
  const preview = proofPreview(current, target);
  const below = (value: unknown) =>
    typeof value === 'number' && value > current.strength
      ? { message: 'app.calculator.validation.target_above', args: { abv: current.strength.toFixed(2) } }
      : typeof value === 'number' && value <= 0
        ? { message: 'app.calculator.validation.target_zero', args: {} }
        : undefined;
  return (
    <Box>
      <DecimalInput
        source="strength"
        label="app.vesselActions.field.target_strength"
        precision={2}
        units="%"
        validate={[requiredValidator, below]}
        disabled={disabled}
        helperText={
          current.strength
            ? translate('app.vesselActions.help.proof_target', { strength: formatStrength(current.strength) })
            : undefined
        }
      />
      {preview ? (
        <Typography variant="body2" data-testid="proof-preview">
          {translate('app.vesselActions.help.proof', {
            volume: formatVolume(preview.volume),
            strength: formatStrength(target),
            water: formatVolume(preview.water),
          })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Cask empty: the LAA the cask holds that does not come out posts as a prescribed loss. */
function CaskLoss({ availableLaa }: { availableLaa: number }) {
  const translate = useTranslate();
  const laa = useWatch({ name: 'laa' }) as number | null | undefined;
  if (typeof laa !== 'number' || !availableLaa) return null;
  const loss = Math.round((availableLaa - laa) * 1000) / 1000;
  if (loss <= 0) return null;
  return (
    <Typography variant="body2" data-testid="cask-loss">
      {translate('app.vesselActions.help.cask_loss', { laa: formatLaa(availableLaa), loss: formatLaa(loss) })}
    </Typography>
  );
}

function ActionToolbar({
  action,
  posted,
  title,
  source,
  onDeleted,
}: {
  action: VesselActionDef;
  posted: PostedAction | null;
  title: string;
  source: VesselState | undefined;
  onDeleted: (vesselId: string | undefined, type: VesselType | undefined) => void;
}) {
  const company = useCurrentCompany();
  const fits = !source || !!posted || actionFits(action, source.vesselType, source.contents);
  const canDelete = !!posted && posted.active && !!company && hasPermission(company.permissions, DELETE_PERMISSION);
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton disabled={!fits ? true : undefined} />
      {canDelete ? <DeleteActionButton posted={posted} title={title} source={source} onDeleted={onDeleted} /> : null}
    </Toolbar>
  );
}

function DeleteActionButton({
  posted,
  title,
  source,
  onDeleted,
}: {
  posted: PostedAction;
  title: string;
  source: VesselState | undefined;
  onDeleted: (vesselId: string | undefined, type: VesselType | undefined) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const call = useVesselApi();
  const { reset, getValues } = useFormContext();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const name = translate('app.vesselActions.deleted_title', { action: title, date: posted.date });
  const onConfirm = async () => {
    setDeleting(true);
    try {
      await call(DELETE_MUTATION, { refId: posted.id });
      invalidateVesselContents();
      setOpen(false);
      notify('widgets.delete.success', { type: 'success' });
      // nothing left to save: leave without the unsaved-changes question
      reset(getValues());
      onDeleted(posted.vesselId, source?.vesselType);
    } catch (error) {
      submissionErrors(error, (m) => notify(m, { type: 'error' }));
    } finally {
      setDeleting(false);
    }
  };
  return (
    <>
      <RaButton label="ra.action.delete" color="error" onClick={() => setOpen(true)} disabled={deleting}>
        <DeleteIcon />
      </RaButton>
      <ConfirmDialog
        open={open}
        title="widgets.delete.title"
        titleArgs={{ name }}
        content="widgets.delete.content"
        confirmLabel="ra.action.delete"
        confirmColor="error"
        loading={deleting}
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
